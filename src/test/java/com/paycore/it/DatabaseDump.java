package com.paycore.it;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Every value of every table of the database the servers under test use (PostgreSQL from PAYMENTS_DB_URL, else the
 * embedded H2 file, reached through its auto-server), as text: for proving what is never stored in clear.
 */
final class DatabaseDump {

    private DatabaseDump() {
    }

    static String all() throws Exception {
        StringBuilder dump = new StringBuilder();
        try (Connection db = connect()) {
            DatabaseMetaData meta = db.getMetaData();
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = meta.getTables(null, db.getSchema(), "%", new String[] {"TABLE"})) {
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_NAME"));
                }
            }
            if (tables.isEmpty()) {
                throw new AssertionError("no tables found in schema " + db.getSchema());
            }
            for (String table : tables) {
                try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT * FROM \"" + table + "\"")) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        dump.append(table).append(':');
                        for (int i = 1; i <= columns; i++) {
                            dump.append(' ').append(rs.getString(i));
                        }
                        dump.append('\n');
                    }
                }
            }
        }
        return dump.toString();
    }

    static Connection connect() throws Exception {
        String url = System.getenv("PAYMENTS_DB_URL");
        if (url != null && !url.isBlank()) {
            return DriverManager.getConnection(url, System.getenv("PAYMENTS_DB_USER"), System.getenv("PAYMENTS_DB_PASSWORD"));
        }
        Path h2 = Path.of(System.getProperty("payments.it.dir", "target/it"), "data", "payments").toAbsolutePath();
        return DriverManager.getConnection("jdbc:h2:file:" + h2 + ";AUTO_SERVER=TRUE", "payments", "payments");
    }
}
