-- A/B tests of 2–8 variants that may pick their winner (issue 34 §2, docs/ab-tests.md). On a test's parent row:
-- how it picks its winner (@beacon/shared AbWinnerSettings: {auto, afterHours, early, bandit}; null: manual, as
-- before) and, once a variant went to the rest of the audience, which, why and when ({msgId, reason, at}; taken with
-- ab_all_sent in one statement, so exactly once whoever decides: the operator's send to all or a worker's decision).
ALTER TABLE messages ADD COLUMN ab_winner jsonb;
ALTER TABLE messages ADD COLUMN ab_decision jsonb;
-- bandit mode: on the parent, the rounds planned so far (each taken by one worker: ab_rounds = r − 1 → r); on a
-- variant's child, the round it sends (0 the first, and for every test that is no bandit)
ALTER TABLE messages ADD COLUMN ab_rounds smallint NOT NULL DEFAULT 1;
ALTER TABLE messages ADD COLUMN ab_round smallint NOT NULL DEFAULT 0;

-- the workers' look for tests to decide or to plan a round of: few rows (automatic or bandit tests not yet decided)
CREATE INDEX messages_ab_open_idx ON messages (id)
  WHERE msg_type = 4 AND NOT ab_all_sent AND NOT deleted
    AND ((ab_winner ->> 'auto') = 'true' OR (ab_winner ->> 'bandit') = 'true');
