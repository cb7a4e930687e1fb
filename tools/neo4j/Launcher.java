import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.BoltConnectorInternalSettings;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;
import org.neo4j.server.configuration.ServerSettings;

/**
 * Local Neo4j 5.26 Community server for graphmem tests, CI and manual use (see neo4j.sh).
 * Usage: java ... Launcher [PORT] [HOME] [HTTP_PORT]
 *   defaults: $GRAPHMEM_NEO4J_PORT or 7687, $GRAPHMEM_NEO4J_DATA or ./neo4j-data, HTTP_PORT 7474;
 *   HTTP_PORT "auto" takes a free port, "off" serves Bolt only.
 * Auth is off unless $GRAPHMEM_NEO4J_PASSWORD is set; then user "neo4j" gets that password at every start.
 * The HTTP connector serves Neo4j Browser at /browser/ (from the neo4j-browser jar, or from an unpacked
 * copy earlier on the classpath) on 127.0.0.1 unless $GRAPHMEM_NEO4J_HTTP_ADDRESS names another address.
 * When that copy holds browser/graphmem/ (neo4j.sh puts graphmem.grass and guide.html there), Browser
 * runs `:style` and `:play` on them after it connects (browser.post_connect_cmd).
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
        String httpArg = args.length > 2 ? args[2] : "7474";
        String httpHost = env.getOrDefault("GRAPHMEM_NEO4J_HTTP_ADDRESS", "127.0.0.1");
        boolean http = !"off".equals(httpArg);
        int httpPort = !http ? -1 : "auto".equals(httpArg) ? freePort(httpHost) : Integer.parseInt(httpArg);
        // The address Browser (in the analyst's web browser) uses to fetch graphmem's style and guide
        String urlHost = httpHost.equals("0.0.0.0") || httpHost.startsWith("::") ? "127.0.0.1" : httpHost;
        String httpUrl = "http://" + urlHost + ":" + httpPort;

        DatabaseManagementServiceBuilder builder = new DatabaseManagementServiceBuilder(home)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                .setConfig(GraphDatabaseSettings.auth_enabled, auth)
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(256))
                .setConfig(GraphDatabaseSettings.keep_logical_logs, "keep_none")
                .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                // Bolt waits 5 s + 5 s for idle pools at shutdown by default; 1 s each keeps `stop` quick
                .setConfig(BoltConnectorInternalSettings.thread_pool_shutdown_wait_time, Duration.ofSeconds(1))
                .setConfig(BoltConnectorInternalSettings.connection_shutdown_wait_time, Duration.ofSeconds(1))
                // Browser's discovery hands out the advertised Bolt address: the same one `start` prints
                .setConfig(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", port))
                .setConfig(HttpConnector.enabled, http);
        if (http) {
            builder.setConfig(HttpConnector.listen_address, new SocketAddress(httpHost, httpPort))
                    // Browser may fetch guides and styles from this server only, never from the internet
                    .setConfig(ServerSettings.browser_remote_content_hostname_whitelist,
                            "127.0.0.1, localhost" + (urlHost.equals("127.0.0.1") || urlHost.equals("localhost") ? "" : ", " + urlHost))
                    .setConfig(ServerSettings.allow_telemetry, false);
            if (Launcher.class.getClassLoader().getResource("browser/graphmem/graphmem.grass") != null) {
                builder.setConfig(ServerSettings.browser_post_connect_cmd, "style " + httpUrl
                        + "/browser/graphmem/graphmem.grass; play " + httpUrl + "/browser/graphmem/guide.html");
            }
        }
        DatabaseManagementService dbms = builder.build();
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
                + " home=" + home + " pid=" + ProcessHandle.current().pid() + " http=" + (http ? httpUrl : "off"));
        System.out.flush();
        Thread.currentThread().join(); // serve until SIGTERM/SIGINT runs the shutdown hook
    }

    private static int freePort(String host) throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return s.getLocalPort();
        }
    }

    private static Throwable rootCause(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t;
    }
}
