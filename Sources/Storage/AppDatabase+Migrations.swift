import GRDB

extension AppDatabase {
    /// Named migrations. A migration that has shipped is never edited: add a new one instead.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-accounts", migrate: Migrations.accounts)
        migrator.registerMigration("v1-health-records", migrate: Migrations.healthRecords)
        migrator.registerMigration("v2-task-steps", migrate: Migrations.taskSteps)
        migrator.registerMigration("v2-gateway", migrate: Migrations.gateway)
        migrator.registerMigration("v2-sync", migrate: Migrations.sync)
        migrator.registerMigration("v2-wait-times", migrate: Migrations.waitTimes)
        migrator.registerMigration("v2-workouts", migrate: Migrations.workouts)
        migrator.registerMigration("v2-health-import", migrate: Migrations.healthImport)
        migrator.registerMigration("v3-natural-key-check", migrate: Migrations.naturalKeyCheck)
        migrator.registerMigration("v3-redundant-owner-indexes", migrate: Migrations.redundantOwnerIndexes)
        migrator.registerMigration("v3-profile-characteristics", migrate: Migrations.profileCharacteristics)
        migrator.registerMigration("v4-session-details", migrate: Migrations.sessionDetails)
        migrator.registerMigration("v4-import-kept-raw", migrate: Migrations.importKeptRaw)
        migrator.registerMigration("v4-motivation", migrate: Migrations.motivation)
        migrator.registerMigration("v4-share-links", migrate: Migrations.shareLinks)
        migrator.registerMigration("v4-step-target-suggestions", migrate: Migrations.stepTargetSuggestions)
        migrator.registerMigration("v5-motivation-choices", migrate: Migrations.motivationChoices)
        migrator.registerMigration("v5-hourly-rollups", migrate: Migrations.hourlyRollups)
        migrator.registerMigration("v5-anomaly-confirmations", migrate: Migrations.anomalyConfirmations)
        migrator.registerMigration("v5-workout-routes", migrate: Migrations.workoutRoutes)
        migrator.registerMigration("v5-token-addresses", migrate: Migrations.tokenAddresses)
        migrator.registerMigration("v5-workout-apple-accounts", migrate: Migrations.workoutAppleAccounts)
        migrator.registerMigration("v6-rollup-deferral", migrate: Migrations.rollupDeferral)
        migrator.registerMigration("v7-time-ordered-record-keys", migrate: Migrations.timeOrderedRecordKeys)
        migrator.registerMigration("v7-workout-route-summaries", migrate: Migrations.workoutRouteSummaries)
        migrator.registerMigration("v7-workout-set-tombstones", migrate: Migrations.workoutSetTombstones)
        migrator.registerMigration("v8-outbox-without-owner-index", migrate: Migrations.outboxWithoutOwnerIndex)
        migrator.registerMigration("v9-gateway-sample-hours", migrate: Migrations.gatewaySampleHours)
        migrator.registerMigration("v10-outbox-batches", migrate: Migrations.outboxBatches)
        migrator.registerMigration("v11-outbox-quarantine", migrate: Migrations.outboxQuarantine)
        migrator.registerMigration("v12-health-devices", migrate: Migrations.healthDevices)
        migrator.registerMigration("v13-inbox-subjects", migrate: Migrations.inboxSubjects)
        migrator.registerMigration("v14-workout-usage-from-sets", migrate: Migrations.workoutUsageFromSets)
        migrator.registerMigration("v15-record-provenance", migrate: Migrations.recordProvenance)
        migrator.registerMigration("v16-calendar-token-hashes", migrate: Migrations.calendarTokenHashes)
        migrator.registerMigration("v17-import-export-date", migrate: Migrations.importExportDate)
        migrator.registerMigration("v18-workout-device-id-case", migrate: Migrations.workoutDeviceIdCase)
        migrator.registerMigration("v19-workout-exercise-name-keys", migrate: Migrations.workoutExerciseNameKeys)
        return migrator
    }
}

enum Migrations {}
