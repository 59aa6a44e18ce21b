-- A GM equipment's own presence (issue 30, docs/gm-equipment.md): a Sparkplug device is alive between its DBIRTH
-- and its DDEATH (or its node's NDEATH), within its node's presence. The node's own metrics (device '') and a JSON
-- device follow their source's `online` alone.
ALTER TABLE equipment ADD COLUMN gm_alive BIGINT NOT NULL DEFAULT 0;
