-- State texts of a signal (issue 15): the value map as a JSON list of {value, zh, en, color}, '' for none.
-- Presentation only: readings stay numbers; the console shows the matching state's text and colour.
ALTER TABLE signals ADD COLUMN value_map TEXT NOT NULL DEFAULT '';
