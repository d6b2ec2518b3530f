-- The live version follows the event order (a rollback promotes an older number): the sequence number, in the
-- website's own stream, of the event that made the version live, so a redelivered earlier event cannot move it back.
alter table qs_website add column current_sequence bigint;
