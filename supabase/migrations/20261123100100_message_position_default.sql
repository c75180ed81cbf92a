-- messages.position is always assigned by the messages_set_sender trigger; the
-- placeholder default only tells clients (and generated types) not to send it.
alter table public.messages alter column position set default 0;
