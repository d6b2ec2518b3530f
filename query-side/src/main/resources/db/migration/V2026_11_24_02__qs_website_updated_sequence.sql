-- The sequence number, in the website's own stream, of the last event that changed the row, so that any event
-- delivered again (a batch retried, a rebuild that stopped half-way and is replayed over) changes nothing: an older
-- password change, collaborator change or time never overwrites a newer one. Null for rows written before it: the
-- live version's sequence stands in.
alter table qs_website add column updated_sequence bigint;
