-- "Ask Verdant" answers kept for audit: question, asker, prompts, model, check outcome and failed claims.
CREATE TABLE "AskAnswer" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "subjectKind" TEXT NOT NULL,
    "subjectId" TEXT,
    "audience" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "model" TEXT,
    "messages" JSONB NOT NULL DEFAULT '[]',
    "answer" TEXT NOT NULL,
    "checkedClaims" INTEGER NOT NULL DEFAULT 0,
    "failedClaims" JSONB NOT NULL DEFAULT '[]',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "latencyMs" INTEGER NOT NULL,
    "decisionIds" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AskAnswer_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "AskAnswer_userId_createdAt_idx" ON "AskAnswer"("userId", "createdAt");
CREATE INDEX "AskAnswer_createdAt_idx" ON "AskAnswer"("createdAt");
