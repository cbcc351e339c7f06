-- A gang may ask to keep all its members in one rack (a hard placement constraint). Without it the
-- placer puts the gang in the tightest rack, switch group or pod that holds it and states the cost.
ALTER TABLE "Job" ADD COLUMN "gangSameRack" BOOLEAN NOT NULL DEFAULT false;
