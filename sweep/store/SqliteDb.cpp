#include "sweep/store/SqliteDb.hpp"

namespace blindspot {

SqliteDb::SqliteDb(const std::string& file, SqliteAccess access) : path(file) {
    const bool writer = access == SqliteAccess::ReadWrite;
    const int flags = (writer ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY) |
                      SQLITE_OPEN_FULLMUTEX;
    // A throwing constructor runs no destructor: the handle SQLite allocates even when opening
    // fails is closed here (found by LeakSanitizer).
    try {
        if (sqlite3_open_v2(file.c_str(), &handle, flags, nullptr) != SQLITE_OK)
            fail("cannot open the database");
        sqlite3_busy_timeout(handle, kSqliteBusyTimeoutMs);
        if (writer) setWal();
        exec("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;");
        if (!writer) recoverForReading();
    } catch (...) {
        sqlite3_close(handle);
        handle = nullptr;
        throw;
    }
}

// Switching a new file to WAL takes an exclusive lock; SQLite does not call the busy handler for
// it when another connection is switching the same file at that moment (SQLITE_BUSY at once), so
// the openers of a new store take turns here within the busy timeout.
void SqliteDb::setWal() {
    for (int waited_ms = 0;; waited_ms += 5) {
        const int rc = sqlite3_exec(handle, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
        if (rc == SQLITE_OK) return;
        if ((rc & 0xff) != SQLITE_BUSY || waited_ms >= kSqliteBusyTimeoutMs)
            fail("SQLite: journal_mode=WAL");
        sqlite3_sleep(5);
    }
}

// A writer killed mid-transaction leaves a hot rollback journal, or a WAL whose index must be
// rebuilt; a read-only connection may not do either (SQLITE_READONLY_ROLLBACK, _RECOVERY). A
// reader then lets a short read-write connection do what SQLite does on any open (roll the
// journal back, rebuild the index), which changes no committed row and no schema, and reads on.
void SqliteDb::recoverForReading() {
    const int rc =
        sqlite3_exec(handle, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr);
    if (rc == SQLITE_OK) return;
    if ((sqlite3_extended_errcode(handle) & 0xff) != SQLITE_READONLY) fail("SQLite: read");
    {
        SqliteDb recovering;
        recovering.path = path;
        if (sqlite3_open_v2(path.c_str(), &recovering.handle,
                            SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK)
            recovering.fail(
                "cannot recover what a killed writer left (the store needs write "
                "access once)");
        sqlite3_busy_timeout(recovering.handle, kSqliteBusyTimeoutMs);
        recovering.exec("SELECT count(*) FROM sqlite_master");
    }
    if (sqlite3_exec(handle, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr) !=
        SQLITE_OK)
        fail("SQLite: read");
}

std::vector<std::string> SqliteDb::columnsOf(const std::string& table) {
    std::vector<std::string> names;
    Statement info(*this, "PRAGMA table_info(\"" + table + "\")");
    while (info.step()) names.push_back(info.text(1));
    return names;
}

void SqliteDb::exec(const std::string& sql) {
    char* message = nullptr;
    if (sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        const std::string text = message ? message : "unknown error";
        sqlite3_free(message);
        throw FileError(path, "SQLite: " + text);
    }
}

Statement::Statement(SqliteDb& db, const std::string& sql) : db_(db) {
    if (sqlite3_prepare_v2(db.handle, sql.c_str(), -1, &stmt_, nullptr) != SQLITE_OK)
        db.fail("SQLite prepare");
}

Statement& Statement::bind(int i, const nlohmann::json& v) {
    if (v.is_null()) return bindNull(i);
    if (v.is_string()) return bind(i, v.get<std::string>());
    if (v.is_number_integer()) return bind(i, v.get<std::int64_t>());
    return bind(i, v.get<double>());
}

bool Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) db_.fail("SQLite step");
    return false;
}

}  // namespace blindspot
