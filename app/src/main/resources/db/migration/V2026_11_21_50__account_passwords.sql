-- People sign in to the web application with a password (Argon2id, in Spring Security's {id} form); accounts an
-- operator seeded with tokens have none until one is set.
alter table account add column password_hash varchar(255);
