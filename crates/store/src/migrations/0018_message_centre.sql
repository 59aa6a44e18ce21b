-- The message centre (issue 14): a message names the equipment it is about (alarm messages now; order messages
-- later), so the centre filters by equipment and a limited account never sees messages of equipment no longer
-- granted to it. Listing newest first per user is the centre's hot query (100,000 messages are measured).
ALTER TABLE messages ADD COLUMN equip_id BIGINT;
UPDATE messages SET equip_id = CAST(data_id AS BIGINT) WHERE type = 'alarm' AND data_id <> '';
CREATE INDEX messages_user_list ON messages (user_id, deleted, id);
CREATE INDEX messages_user_equip ON messages (user_id, equip_id);
