import GRDB

extension AppDatabase {
    /// Named migrations. A migration that has shipped is never edited: add a new one instead.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-accounts", migrate: Migrations.accounts)
        migrator.registerMigration("v1-health-records", migrate: Migrations.healthRecords)
        migrator.registerMigration("v2-health-import", migrate: Migrations.healthImport)
        return migrator
    }
}

enum Migrations {}
