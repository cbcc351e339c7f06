-- The audit page filters by who acted and by entity type, newest first.
CREATE INDEX "AuditLog_actorId_at_idx" ON "AuditLog"("actorId", "at");
CREATE INDEX "AuditLog_entityType_at_idx" ON "AuditLog"("entityType", "at");
