-- Objects that belong to equipment (hardening, issue 12). A gateway belongs to the equipment it serves; one that
-- serves none yet belongs to whoever registered it, so a sub-account limited to its granted equipment can register
-- a gateway and bind its own equipment to it, but never sees one the administrator registered for others.
ALTER TABLE gateways ADD COLUMN registered_by BIGINT;

-- An equipment model made from an equipment's signals belongs to that equipment (its signal list is the
-- equipment's configuration); one made by hand, or whose equipment is gone, belongs to the whole organisation.
ALTER TABLE equipment_models ADD COLUMN source_equipment_id BIGINT REFERENCES equipment(id) ON DELETE SET NULL;

-- A gateway whose clock runs ahead: readings dated more than a short tolerance after the server's clock are stored
-- at the time they arrived (else one such reading would hold the signal's latest value until that future time);
-- how many were, and how far ahead the gateway's clock was last seen, are part of the gateway's state.
ALTER TABLE gateways ADD COLUMN future_readings BIGINT NOT NULL DEFAULT 0;
ALTER TABLE gateways ADD COLUMN clock_ahead_ms BIGINT;
