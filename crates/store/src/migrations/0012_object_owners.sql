-- Objects that belong to equipment (hardening, issue 12). A gateway belongs to the equipment it serves; one that
-- serves none yet belongs to whoever registered it, so a sub-account limited to its granted equipment can register
-- a gateway and bind its own equipment to it, but never sees one the administrator registered for others.
ALTER TABLE gateways ADD COLUMN registered_by BIGINT;

-- An equipment model made from an equipment's signals belongs to that equipment (its signal list is the
-- equipment's configuration); one made by hand, or whose equipment is gone, belongs to the whole organisation.
ALTER TABLE equipment_models ADD COLUMN source_equipment_id BIGINT REFERENCES equipment(id) ON DELETE SET NULL;
