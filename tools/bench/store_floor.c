/*
 * store_floor: the floor of reading a brew journal store, for the `report` benchmark's store row.
 *
 * Usage: store_floor STORE.sqlite
 * Build: cc -O2 -o store_floor tools/bench/store_floor.c -lsqlite3   (brewstats-bench builds it)
 *
 * Opens the store read-only on one connection and steps exactly what brewstats' store importer reads for a full
 * report (every column group validated): the same statements over the same tables and columns, in the same order
 * (Sources/BrewImport/StoreReader.swift, StoreReader+Brews.swift, StoreTastingNotes.swift) — the brew count, the
 * method, grinder and bean tables, the tasting notes, then the brews. Like the importer it selects only the wanted
 * columns the table has (Core Data stores differ by model version). Each cell is fetched by its storage class
 * (integer, real, text or blob bytes) and folded into a checksum, printed at the end with the row count, so that
 * nothing is optimised away. Nothing else: no parsing, validation, joins or columns. SQLite's C API only.
 */
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t checksum = 0;
static long long rows = 0;

static void fail(sqlite3 *db, const char *what) {
    fprintf(stderr, "store_floor: %s: %s\n", what, db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_close(db);
}

/* Steps `sql`, fetching every cell of every row by its storage class. Returns 0, or -1 on an error. */
static int step_all(sqlite3 *db, const char *sql) {
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) return -1;
    int columns = sqlite3_column_count(st), rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        rows++;
        for (int i = 0; i < columns; i++) {
            switch (sqlite3_column_type(st, i)) {
            case SQLITE_INTEGER: checksum += (uint64_t)sqlite3_column_int64(st, i); break;
            case SQLITE_FLOAT: {
                double v = sqlite3_column_double(st, i);
                uint64_t bits;
                memcpy(&bits, &v, sizeof bits);
                checksum ^= bits;
                break;
            }
            case SQLITE_TEXT: {
                const unsigned char *p = sqlite3_column_text(st, i);
                int n = sqlite3_column_bytes(st, i);
                checksum += (uint64_t)n + (n > 0 ? p[0] + p[n - 1] : 0);
                break;
            }
            case SQLITE_BLOB: {
                const unsigned char *p = sqlite3_column_blob(st, i);
                int n = sqlite3_column_bytes(st, i);
                checksum += (uint64_t)n + (n > 0 ? p[0] + p[n - 1] : 0);
                break;
            }
            default: checksum += 1; break;  /* NULL */
            }
        }
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* Builds `SELECT "a", "b", … FROM "table"` over the columns of `wanted` the table has, in `wanted`'s order (the
 * importer's select list). Returns 0, 1 when the table lacks Z_PK (the importer skips it), or -1 on an error. */
static int select_list(sqlite3 *db, const char *table, const char *const *wanted, char *sql, size_t size) {
    char present[64][64];
    int count = 0;
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, "SELECT name FROM pragma_table_info(?1)", -1, &st, NULL) != SQLITE_OK) return -1;
    sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
    while (sqlite3_step(st) == SQLITE_ROW && count < 64) {
        snprintf(present[count++], sizeof present[0], "%s", (const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    size_t used = (size_t)snprintf(sql, size, "SELECT ");
    int listed = 0, has_pk = 0;
    for (const char *const *w = wanted; *w; w++) {
        for (int k = 0; k < count; k++) {
            if (strcmp(present[k], *w) != 0) continue;
            used += (size_t)snprintf(sql + used, size - used, "%s\"%s\"", listed++ ? ", " : "", *w);
            if (strcmp(*w, "Z_PK") == 0) has_pk = 1;
        }
    }
    snprintf(sql + used, size - used, " FROM \"%s\"", table);
    return has_pk ? 0 : 1;
}

static int read_table(sqlite3 *db, const char *table, const char *const *wanted) {
    char sql[2048];
    int r = select_list(db, table, wanted, sql, sizeof sql);
    if (r != 0) return r < 0 ? -1 : 0;
    return step_all(db, sql);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: store_floor STORE.sqlite\n");
        return 2;
    }
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        fail(db, "open");
        return 1;
    }
    static const char *const methods[] = {"Z_PK", "ZID", "ZNAME", "ZCATEGORYRAWVALUE", "ZCATEGORY", "ZNOTES",
                                          "ZBREWCOUNT", "ZLASTUSEDDATE", "ZCREATEDAT", "ZUPDATEDAT", NULL};
    static const char *const grinders[] = {"Z_PK", "ZID", "ZNAME", "ZTYPERAWVALUE", "ZTYPE", "ZSETTINGMIN",
                                           "ZSETTINGMAX", "ZSETTINGSTEP", "ZNOTES", "ZBREWCOUNT", "ZLASTUSEDDATE",
                                           "ZCREATEDAT", "ZUPDATEDAT", NULL};
    static const char *const beans[] = {"Z_PK", "ZID", "ZNAME", "ZROASTER", "ZORIGIN", "ZVARIETY", "ZPROCESSING",
                                        "ZROASTLEVELRAWVALUE", "ZROASTLEVEL", "ZROASTDATE", "ZISARCHIVED", "ZNOTES",
                                        "ZCREATEDAT", "ZUPDATEDAT", NULL};
    static const char *const notes[] = {"Z_PK", "ZBREW", "ZACIDITY", "ZBODY", "ZSWEETNESS", "ZFLAVORTAGS", NULL};
    static const char *const brews[] = {"Z_PK", "ZID", "ZBREWDATE", "ZMETHOD", "ZGRINDER", "ZBEAN", "ZDOSEGRAMS",
                                        "ZWATERGRAMS", "ZYIELDGRAMS", "ZBREWTIMESECONDS", "ZWATERTEMPERATURE",
                                        "ZGRINDSETTING", "ZPRESSUREPROFILE", "ZRATING", "ZTDS", "ZNOTES",
                                        "ZCREATEDAT", "ZUPDATEDAT", NULL};
    if (sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK  /* one read transaction, as the importer */
        || step_all(db, "SELECT Z_NAME FROM Z_PRIMARYKEY") != 0
        || step_all(db, "SELECT count(*) FROM \"ZBREWLOG\"") != 0
        || read_table(db, "ZBREWMETHOD", methods) != 0 || read_table(db, "ZGRINDER", grinders) != 0
        || read_table(db, "ZCOFFEEBEAN", beans) != 0 || read_table(db, "ZTASTINGNOTE", notes) != 0
        || read_table(db, "ZBREWLOG", brews) != 0) {
        fail(db, "read");
        return 1;
    }
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    sqlite3_close(db);
    printf("{\"rows\": %lld, \"checksum\": %llu}\n", rows, (unsigned long long)checksum);
    return 0;
}
