#pragma once
// The SQLite C API behind RAII, for the stores of sweep/ (results store, night history): one
// connection, and prepared statements finalised on scope exit. Errors are FileErrors naming the
// database file.
#include <sqlite3.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/base/Error.hpp"

namespace blindspot {

/// How a connection opens its file. A reader never creates the file, never sets the journal mode
/// and never changes the schema, so any number of readers may run beside the one writer.
enum class SqliteAccess { ReadWrite, ReadOnly };

/// How long a connection waits for another's lock before SQLITE_BUSY (ms). It covers the writer's
/// longest transaction (a merge of one shard: a few thousand scenes in well under a second here)
/// with a wide margin, and a reader never waits on a WAL writer at all.
constexpr int kSqliteBusyTimeoutMs = 30000;

struct SqliteDb {
    sqlite3* handle = nullptr;
    std::string path;

    SqliteDb() = default;
    /// ReadWrite opens (or creates) `file` in WAL mode with foreign keys on; ReadOnly opens an
    /// existing file as it is. Throws FileError.
    explicit SqliteDb(const std::string& file, SqliteAccess access = SqliteAccess::ReadWrite);
    ~SqliteDb() {
        if (handle) sqlite3_close(handle);
    }
    SqliteDb(const SqliteDb&) = delete;
    SqliteDb& operator=(const SqliteDb&) = delete;

    [[noreturn]] void fail(const std::string& what) const {
        throw FileError(path, what + ": " + (handle ? sqlite3_errmsg(handle) : "no database"));
    }
    void exec(const std::string& sql);
    void setWal();
    void recoverForReading();
    /// The column names of `table`, in table order; empty when there is no such table.
    std::vector<std::string> columnsOf(const std::string& table);
};

class Statement {
  public:
    Statement(SqliteDb& db, const std::string& sql);
    ~Statement() { sqlite3_finalize(stmt_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int i, const std::string& v) {
        sqlite3_bind_text(stmt_, i, v.c_str(), int(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement& bind(int i, double v) {
        sqlite3_bind_double(stmt_, i, v);
        return *this;
    }
    Statement& bind(int i, std::int64_t v) {
        sqlite3_bind_int64(stmt_, i, v);
        return *this;
    }
    Statement& bindNull(int i) {
        sqlite3_bind_null(stmt_, i);
        return *this;
    }
    Statement& bind(int i, const std::optional<double>& v) { return v ? bind(i, *v) : bindNull(i); }
    /// A JSON scalar as its SQL type (null, text, integer or real).
    Statement& bind(int i, const nlohmann::json& v);
    /// true while a row is available.
    bool step();
    std::string text(int col) const {
        const auto* p = sqlite3_column_text(stmt_, col);
        return p ? reinterpret_cast<const char*>(p) : "";
    }
    std::int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
    double real(int col) const { return sqlite3_column_double(stmt_, col); }
    std::optional<double> optionalReal(int col) const {
        if (isNull(col)) return std::nullopt;
        return real(col);
    }
    int columns() const { return sqlite3_column_count(stmt_); }
    std::string name(int col) const { return sqlite3_column_name(stmt_, col); }
    bool isNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }

  private:
    SqliteDb& db_;
    sqlite3_stmt* stmt_ = nullptr;
};

/// BEGIN IMMEDIATE ... COMMIT, rolled back when the scope is left by an exception.
class Transaction {
  public:
    explicit Transaction(SqliteDb& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }
    ~Transaction() {
        if (!committed_) sqlite3_exec(db_.handle, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    void commit() {
        db_.exec("COMMIT");
        committed_ = true;
    }

  private:
    SqliteDb& db_;
    bool committed_ = false;
};

}  // namespace blindspot
