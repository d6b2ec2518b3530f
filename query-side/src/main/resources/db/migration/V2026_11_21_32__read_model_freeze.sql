-- While the read model is rebuilt, reads are answered from a copy of it (qs_frozen_*): one row here says so, for
-- every replica.
create table qs_read_freeze (
    id        integer   primary key,
    frozen_at timestamp not null
);
