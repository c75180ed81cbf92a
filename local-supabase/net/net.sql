-- local only: the subset of pg_net (https://github.com/supabase/pg_net) that
-- supabase/migrations use (net.http_post), for databases where the extension is
-- not installed.
-- As in pg_net, net.http_post only queues the request; it is sent after the
-- transaction commits by a background loop (local-supabase/net/worker.ts), which
-- records the outcome in net._http_response.
create schema net;
comment on schema net is 'local-supabase shim of pg_net';

create table net.http_request_queue (
  id bigserial primary key,
  method text not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds int not null
);

create unlogged table net._http_response (
  id bigint,
  status_code int,
  content_type text,
  headers jsonb,
  content text,
  timed_out bool,
  error_msg text,
  created timestamptz not null default now()
);
create index _http_response_created_idx on net._http_response (created);

-- application/x-www-form-urlencoded style percent-encoding (RFC 3986 unreserved kept).
create function net._urlencode(value text) returns text
language sql
immutable
as $$
  select coalesce(string_agg(
           case when b between 48 and 57 or b between 65 and 90 or b between 97 and 122
                     or b in (45, 46, 95, 126) then chr(b)
                else '%' || upper(lpad(to_hex(b), 2, '0')) end,
           '' order by i), '')
    from (select i, get_byte(convert_to(value, 'UTF8'), i) as b
            from generate_series(0, octet_length(convert_to(value, 'UTF8')) - 1) as i) as bytes
$$;

create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  request_id bigint;
  query text;
begin
  if url is null then
    raise exception 'url cannot be null';
  end if;
  if headers is null or jsonb_typeof(headers) <> 'object' then
    raise exception 'headers must be a JSON object';
  end if;
  select string_agg(net._urlencode(key) || '=' || net._urlencode(value), '&')
    into query
    from jsonb_each_text(coalesce(params, '{}'::jsonb));
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (
    'POST',
    case when query is null then url
         when position('?' in url) > 0 then url || '&' || query
         else url || '?' || query end,
    headers,
    convert_to(coalesce(body, '{}'::jsonb)::text, 'UTF8'),
    timeout_milliseconds
  )
  returning id into request_id;
  -- Wakes the local worker once this transaction commits.
  perform pg_notify('net_http_request', request_id::text);
  return request_id;
end;
$$;

revoke all on all tables in schema net from public;
revoke all on all functions in schema net from public;
