-- One row per running process and role ('sites': a site server replica, 'api': an API replica), written by the
-- process itself: how far its projection has read the event stream (sites only) and when it last said it was alive.
-- heartbeat_at comes from the database's clock, so the machines' clocks never decide who is alive.
-- See docs/DECISIONS.md, "Replicas".
create table replica (
    instance     varchar(200) not null,
    role         varchar(10)  not null,
    position     bigint       not null,
    gaps         varchar(4000) not null,
    ready        boolean      not null,
    heartbeat_at timestamp with time zone not null,
    primary key (instance, role)
);
