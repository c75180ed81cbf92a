-- ============================================================================
-- Warnings where scams start (issue 49)
-- ============================================================================
-- The server marks each new message that carries what scams are made of: a
-- link, a phone number, payment words (a deposit, a gift card, a bank transfer)
-- or a request for a code. messages.scam_signals is set by a trigger on insert
-- (a client cannot set it) and the other side's app shows a short warning under
-- the message. Nothing is blocked: finders and owners often share a number on
-- purpose, and the warning only reminds them never to pay first.

alter table public.messages add column scam_signals text[] not null default '{}';
comment on column public.messages.scam_signals is 'What the server found in the message that scams use: link, phone, payment, code. Set on insert by messages_mark_scam_signals; the other side sees a warning.';

-- The signals of a text (the rules live here once; the app only shows them).
create function app_private.scam_signals(body text)
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  lowered text := lower(coalesce(body, ''));
  found text[] := '{}';
begin
  if lowered ~ '(https?://|www\.|\m[a-z0-9-]+\.(com|co\.uk|org\.uk|uk|net|org|io|me|ly|app|xyz|info|link|shop|click)\M)' then
    found := array_append(found, 'link');
  end if;
  -- nine digits or more, with spaces, dots, dashes or brackets between them
  if lowered ~ '\+?[0-9](?:[ ().-]{0,2}[0-9]){8,}' then
    found := array_append(found, 'phone');
  end if;
  if lowered ~ '\m(deposits?|gift ?cards?|bank transfers?|wire transfers?|transfer (the )?money|send (me )?money|pay ?pal|western union|moneygram|bitcoin|crypto|sort code|iban|upfront|up front|advance fee|delivery fee|courier fee|pay (me )?first)\M' then
    found := array_append(found, 'payment');
  end if;
  if lowered ~ '\m(verification codes?|security codes?|one[- ]time (pass)?codes?|otp|confirmation codes?|the code (you|we) (got|received|were sent)|code (you|we) (got|received|were sent)|activation codes?)\M' then
    found := array_append(found, 'code');
  end if;
  return found;
exception
  when others then
    return '{}';
end;
$$;
comment on function app_private.scam_signals(text) is 'What in a message scams use: link, phone, payment, code (empty for none). Never raises.';
revoke all on function app_private.scam_signals(text) from public;
grant execute on function app_private.scam_signals(text) to authenticated, service_role;

create function app_private.messages_mark_scam_signals()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.scam_signals := app_private.scam_signals(new.body);
  return new;
end;
$$;
revoke all on function app_private.messages_mark_scam_signals() from public;
create trigger messages_mark_scam_signals before insert on public.messages
  for each row execute function app_private.messages_mark_scam_signals();
