-- The weekly narrative of a period, kept per audience (and tenant) so a page render reads it instead of
-- calling a model: the facts it was built from, its sentences with the decisions each rests on, and how
-- it came to be (a checked generated text, or the template and why).
CREATE TABLE "PeriodNarrative" (
    "id" TEXT NOT NULL,
    "audience" TEXT NOT NULL,
    "tenantKey" TEXT NOT NULL DEFAULT '',
    "periodFrom" TIMESTAMP(3) NOT NULL,
    "periodTo" TIMESTAMP(3) NOT NULL,
    "facts" JSONB NOT NULL,
    "sentences" JSONB NOT NULL,
    "outcome" TEXT NOT NULL,
    "notice" TEXT,
    "model" TEXT,
    "askAnswerId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PeriodNarrative_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "PeriodNarrative_audience_tenantKey_periodFrom_periodTo_key" ON "PeriodNarrative"("audience", "tenantKey", "periodFrom", "periodTo");
CREATE INDEX "PeriodNarrative_createdAt_idx" ON "PeriodNarrative"("createdAt");
