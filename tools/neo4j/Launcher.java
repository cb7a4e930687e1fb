import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.BoltConnectorInternalSettings;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;

/**
 * Local Neo4j 5.26 Community server for graphmem tests, CI and manual use (see neo4j.sh).
 * Usage: java ... Launcher [PORT] [HOME]   (defaults: $GRAPHMEM_NEO4J_PORT or 7687, $GRAPHMEM_NEO4J_DATA or ./neo4j-data)
 * Auth is off unless $GRAPHMEM_NEO4J_PASSWORD is set; then user "neo4j" gets that password at every start.
 */
public final class Launcher {
    public static void main(String[] args) {
        try {
            run(args);
        } catch (Throwable t) { // neo4j leaves non-daemon threads behind: exit so neo4j.sh sees the failure at once
            System.out.println("NEO4J FAILED " + t);
            t.printStackTrace(System.out);
            System.out.flush();
            System.exit(1);
        }
    }

    private static void run(String[] args) throws Exception {
        Map<String, String> env = System.getenv();
        int port = Integer.parseInt(args.length > 0 ? args[0] : env.getOrDefault("GRAPHMEM_NEO4J_PORT", "7687"));
        Path home = Path.of(args.length > 1 ? args[1] : env.getOrDefault("GRAPHMEM_NEO4J_DATA", "neo4j-data")).toAbsolutePath();
        String password = env.getOrDefault("GRAPHMEM_NEO4J_PASSWORD", "");
        boolean auth = !password.isEmpty();

        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                .setConfig(GraphDatabaseSettings.auth_enabled, auth)
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(256))
                .setConfig(GraphDatabaseSettings.keep_logical_logs, "keep_none")
                .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                // Bolt waits 5 s + 5 s for idle pools at shutdown by default; 1 s each keeps `stop` quick
                .setConfig(BoltConnectorInternalSettings.thread_pool_shutdown_wait_time, Duration.ofSeconds(1))
                .setConfig(BoltConnectorInternalSettings.connection_shutdown_wait_time, Duration.ofSeconds(1))
                .build();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("NEO4J STOPPING");
            dbms.shutdown();
            System.out.println("NEO4J STOPPED");
            System.out.flush();
        }, "neo4j-shutdown"));

        if (auth) { // embedded transactions bypass auth, so the system database can set the password directly
            try {
                dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME).executeTransactionally(
                        "ALTER USER neo4j SET PASSWORD $pw CHANGE NOT REQUIRED", Map.of("pw", password));
            } catch (RuntimeException e) { // set at an earlier start already: Neo4j refuses an unchanged password
                if (!String.valueOf(rootCause(e).getMessage()).contains("cannot be the same")) throw e;
            }
        }
        Object one = dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME)
                .executeTransactionally("RETURN 1 AS one", Map.of(), r -> r.next().get("one"));
        if (!Long.valueOf(1).equals(one)) throw new IllegalStateException("RETURN 1 gave " + one);
        System.out.println("NEO4J READY bolt://127.0.0.1:" + port + " auth=" + (auth ? "neo4j/<GRAPHMEM_NEO4J_PASSWORD>" : "none")
                + " home=" + home + " pid=" + ProcessHandle.current().pid());
        System.out.flush();
        Thread.currentThread().join(); // serve until SIGTERM/SIGINT runs the shutdown hook
    }

    private static Throwable rootCause(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t;
    }
}
