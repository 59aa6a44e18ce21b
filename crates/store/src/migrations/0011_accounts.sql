-- Sub-accounts and per-device authorisation. An account whose data range is `authorised` sees only the
-- equipment granted to it here; `all` (administrators) sees every equipment of its organisation. Grants go with
-- the account or the equipment.
CREATE TABLE equipment_grants (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    equipment_id BIGINT NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, equipment_id)
);
CREATE INDEX equipment_grants_equipment ON equipment_grants (equipment_id);

-- A disabled account cannot log in and its sessions are ended; it is kept (never deleted) so what it did and
-- sent (operation log, feedback, confirmations) still names it.
ALTER TABLE users ADD COLUMN disabled BIGINT NOT NULL DEFAULT 0;
