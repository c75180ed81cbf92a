/**
 * A schema of its own for the conformance and fuzz tests, shaped like the
 * examples in PostgREST's documentation: users, channels, messages (two
 * foreign keys), films/actors through a join table, a computed field, a
 * computed relationship, overloaded and unnamed-parameter functions.
 */
import type { TestStack } from '../../local-supabase/testing/test-stack.ts'

export const CONFORMANCE_SCHEMA = 'conformance'

export const conformanceConfig = {
  rest: { schemas: ['public', 'graphql_public', CONFORMANCE_SCHEMA] },
}

export async function createConformanceSchema(stack: TestStack): Promise<void> {
  await stack.context.db.exec(`
    create schema conformance;
    grant usage on schema conformance to anon, authenticated, service_role;
    create table conformance.users (username text primary key, status text, age int);
    create table conformance.channels (id int primary key, slug text not null);
    create table conformance.messages (
      id int primary key,
      message text not null,
      username text not null references conformance.users (username),
      channel_id int not null references conformance.channels (id),
      note text
    );
    create table conformance.films (id int primary key, title text not null);
    create table conformance.actors (id int primary key, name text not null);
    create table conformance.roles (
      film_id int references conformance.films (id),
      actor_id int references conformance.actors (id),
      primary key (film_id, actor_id)
    );
    insert into conformance.users values ('alice', 'ONLINE', 30), ('bob', 'OFFLINE', null), ('carol', 'ONLINE', 41);
    insert into conformance.channels values (1, 'public'), (2, 'random');
    insert into conformance.messages values
      (1, 'Hello', 'alice', 1, null), (2, 'Hi', 'bob', 1, 'draft'), (3, 'Bye', 'carol', 2, null);
    insert into conformance.films values (1, 'Alien');
    insert into conformance.actors values (1, 'Sigourney');
    insert into conformance.roles values (1, 1);
    create function conformance.label(conformance.users) returns text
      language sql stable as $$ select $1.username || ' (' || $1.status || ')' $$;
    create function conformance.recent_messages(conformance.users) returns setof conformance.messages
      language sql stable as $$ select * from conformance.messages m where m.username = $1.username $$;
    create function conformance.pick(a int) returns text language sql as $$ select 'int' $$;
    create function conformance.pick(a text) returns text language sql as $$ select 'text' $$;
    create function conformance.shout(text) returns text language sql as $$ select upper($1) $$;
    create function conformance.echo(json) returns json language sql as $$ select $1 $$;
    create function conformance.negate(boolean) returns boolean language sql as $$ select not $1 $$;
    create function conformance.either(text) returns text language sql as $$ select 'text: ' || $1 $$;
    create function conformance.either(integer) returns text language sql as $$ select 'integer' $$;
    create function conformance.answer() returns int language sql as $$ select 42 $$;
    create function conformance.online_users() returns setof conformance.users
      language sql stable as $$ select * from conformance.users where status = 'ONLINE' $$;
    create function conformance.ages() returns setof int
      language sql stable as $$ select age from conformance.users where age is not null order by age $$;
    create function conformance.add_channel(slug text) returns int
      language sql as $$ insert into conformance.channels values (99, slug) returning id $$;
    grant all on all tables in schema conformance to anon, authenticated, service_role;
    grant execute on all functions in schema conformance to anon, authenticated, service_role;
    analyze conformance.users;
    analyze conformance.messages;
    notify pgrst;
  `)
}
