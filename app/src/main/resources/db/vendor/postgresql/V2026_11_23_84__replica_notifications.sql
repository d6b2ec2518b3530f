-- PostgreSQL only (flyway's {vendor} location): every process LISTENs, so an append wakes every replica's
-- event processors at once instead of after the event store's one-second poll, and a site replica's new position
-- ends the API's wait for it at once. Statement-level: one notification per appending statement, delivered at
-- commit (and merged within a transaction). See docs/DECISIONS.md, "Replicas".
create function sites_events_appended() returns trigger language plpgsql as $$
begin
    perform pg_notify('sites_events', '');
    return null;
end $$;

create trigger sites_events_appended after insert on domainevententry
    for each statement execute function sites_events_appended();

create function sites_replica_moved() returns trigger language plpgsql as $$
begin
    perform pg_notify('sites_replicas', '');
    return null;
end $$;

-- Only what a waiting publish cares about: a new position or readiness, and a replica leaving (not heartbeats).
create trigger sites_replica_moved after insert or delete or update of position, ready on replica
    for each statement execute function sites_replica_moved();
