import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The local MongoDB-wire server of infra/stack.sh: mongo-java-server with its H2 (MVStore)
 * backend, so data survives a restart. Every write on a collection is serialized, which
 * makes single-document updates atomic as on MongoDB (FerretDB v1 is not: see
 * infra/README.md).
 *
 * usage: MongoWireServer <data-file> <host> <port>
 */
public final class MongoWireServer {
  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: MongoWireServer <data-file> <host> <port>");
      System.exit(2);
    }
    Path data = Path.of(args[0]);
    Files.createDirectories(data.toAbsolutePath().getParent());
    H2Backend backend = new H2Backend(data.toString());
    // mongo-java-server answers `hello` as MongoDB 4.2 (wire 8) by default; the Node driver 7
    // refuses anything below wire 9. The commands the project uses behave the same.
    backend.version(new MongoVersion() {
      @Override public List<Integer> getVersionArray() { return List.of(5, 0, 0); }
      @Override public int getWireVersion() { return 13; }
    });
    MongoServer server = new MongoServer(backend);
    server.bind(args[1], Integer.parseInt(args[2]));
    System.err.println("MongoWireServer listening on " + args[1] + ":" + args[2] + ", data " + data);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.shutdown();
      backend.close();
    }, "shutdown"));
    Thread.currentThread().join();
  }
}
