-- Apex and www pairs (issue 34): the owner's choice of the apex over its www name, kept on the apex's row as the
-- Website aggregate decided it, so a domain list says which name of a pair redirects without replaying the stream.
alter table website_domain add column apex_chosen boolean default false not null;
