-- Device events that came before the engine recorded their send are kept as strays (stat_stray_events) and applied
-- to the send once it is recorded dispatched (StatisticsWriter.foldEarlyEvents, every few seconds): it reads the
-- strays of the last hours by this index, not every stray the kept weeks hold.
CREATE INDEX stat_stray_events_last_at_idx ON stat_stray_events (last_at);
