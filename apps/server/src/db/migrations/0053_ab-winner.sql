-- A/B tests of 2–8 variants that may pick their winner (issue 34 §2, docs/ab-tests.md). On a test's parent row:
-- how it picks its winner (@beacon/shared AbWinnerSettings: {auto, afterHours, early}; null: manual, as before) and,
-- once a variant went to the rest of the audience, which, why and when ({msgId, reason, at}; taken with ab_all_sent in
-- one statement, so exactly once whoever decides: the operator's send to all or a worker's decision).
ALTER TABLE messages ADD COLUMN ab_winner jsonb;
ALTER TABLE messages ADD COLUMN ab_decision jsonb;

-- the workers' look for tests to decide: few rows (automatic tests not yet decided)
CREATE INDEX messages_ab_auto_open_idx ON messages (id)
  WHERE msg_type = 4 AND NOT ab_all_sent AND NOT deleted AND (ab_winner ->> 'auto') = 'true';
