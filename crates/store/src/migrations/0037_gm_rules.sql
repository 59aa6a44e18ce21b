-- A JSON device's data rule (issue 30, docs/gm-equipment.md): its messages' paths mapped to signals, the time,
-- the command template; the JSON document `ironsight_domain::gm::json_rule::RuleDoc`, checked before it is stored.
ALTER TABLE gm_sources ADD COLUMN data_rule TEXT;
