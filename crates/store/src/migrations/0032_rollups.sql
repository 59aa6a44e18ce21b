-- Roll-ups of signal history for reports (issue 35): what each minute's and each hour's good readings add up to
-- (ironsight_domain::rollup::Summary), so a monthly report reads hundreds of rows per column, not millions.
-- `start_t` is the span's start (ms); the span is one minute or one hour. Columns as Summary names them.
CREATE TABLE signal_minutes (
    signal_id BIGINT NOT NULL,
    start_t BIGINT NOT NULL,
    summary_count BIGINT NOT NULL,
    summary_sum DOUBLE PRECISION NOT NULL,
    summary_min DOUBLE PRECISION NOT NULL,
    summary_max DOUBLE PRECISION NOT NULL,
    first_t BIGINT NOT NULL,
    first_v DOUBLE PRECISION NOT NULL,
    last_t BIGINT NOT NULL,
    last_v DOUBLE PRECISION NOT NULL,
    rise DOUBLE PRECISION NOT NULL,
    drops BIGINT NOT NULL,
    dropped_from DOUBLE PRECISION NOT NULL,
    on_ms BIGINT NOT NULL,
    PRIMARY KEY (signal_id, start_t)
);
CREATE TABLE signal_hours (
    signal_id BIGINT NOT NULL,
    start_t BIGINT NOT NULL,
    summary_count BIGINT NOT NULL,
    summary_sum DOUBLE PRECISION NOT NULL,
    summary_min DOUBLE PRECISION NOT NULL,
    summary_max DOUBLE PRECISION NOT NULL,
    first_t BIGINT NOT NULL,
    first_v DOUBLE PRECISION NOT NULL,
    last_t BIGINT NOT NULL,
    last_v DOUBLE PRECISION NOT NULL,
    rise DOUBLE PRECISION NOT NULL,
    drops BIGINT NOT NULL,
    dropped_from DOUBLE PRECISION NOT NULL,
    on_ms BIGINT NOT NULL,
    PRIMARY KEY (signal_id, start_t)
);
-- Minutes whose history changed and whose roll-ups are to be made again: ingest marks each minute it writes
-- into (once per minute and signal while the minute is current, every time for a late reading), the roll-up
-- worker takes the settled ones. A report reads a marked minute from history, so it is never stale. `seq` is the
-- last marking's token (never reused): the worker drops a mark only if no writer marked the minute again while it
-- computed.
CREATE TABLE rollup_pending (
    signal_id BIGINT NOT NULL,
    start_t BIGINT NOT NULL,
    seq BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (signal_id, start_t)
);
CREATE INDEX rollup_pending_start ON rollup_pending (start_t);
-- Every minute of history written before this version has its roll-up made once, by the worker.
INSERT INTO rollup_pending (signal_id, start_t)
    SELECT DISTINCT signal_id, (t / 60000) * 60000 FROM signal_history;
