import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.DatabaseResolver;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.ValueComparator;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.Oplog;
import io.netty.channel.Channel;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The local MongoDB-wire server of infra/stack.sh: mongo-java-server with its H2 (MVStore)
 * backend, so data survives a restart. Every write on a collection is serialized, which
 * makes single-document updates atomic as on MongoDB (FerretDB v1 is not: see
 * infra/README.md).
 *
 * mongo-java-server itself answers a query from an index only when the query's keys are
 * exactly a unique index's keys, and ignores non-unique indexes: every other query reads
 * every document of the collection while holding the collection's lock, so one periodic
 * sweep over a large collection stalls every request on it. This launcher adds what a
 * MongoDB server does with the indexes the service creates:
 *
 * - non-unique (also compound, multikey, descending) indexes are real: an in-memory sorted
 *   map per index, maintained on every insert, update and delete under the collection's
 *   lock (the same lock as the write itself), and rebuilt from the data when the server
 *   starts (the index definitions are stored with the data);
 * - a query uses the index that serves the longest prefix of equality / $in keys, then at
 *   most one range ($gt, $gte, $lt, $lte) key; a sort on the keys that follow is read in
 *   index order, so a sort with a limit stops early; a query that names every key of a
 *   unique index (e.g. _id) plus other fields goes through that unique index;
 * - `explain` reports the plan actually used: IXSCAN with the index name, or COLLSCAN, and a
 *   SORT stage when the order is not read from the index.
 *
 * The documents are still only matched by mongo-java-server's own matcher: an index only
 * narrows the candidates, so a query answers the same documents with or without it.
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
    long started = System.nanoTime();
    IndexedH2Backend backend = new IndexedH2Backend(data.toString());
    // mongo-java-server answers `hello` as MongoDB 4.2 (wire 8) by default; the Node driver 7
    // refuses anything below wire 9. The commands the project uses behave the same.
    backend.version(new MongoVersion() {
      @Override public List<Integer> getVersionArray() { return List.of(5, 0, 0); }
      @Override public int getWireVersion() { return 13; }
    });
    MongoServer server = new MongoServer(backend);
    server.bind(args[1], Integer.parseInt(args[2]));
    System.err.println("MongoWireServer listening on " + args[1] + ":" + args[2] + ", data " + data
        + ", secondary indexes rebuilt in " + (System.nanoTime() - started) / 1_000_000 + " ms");
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.shutdown();
      backend.close();
    }, "shutdown"));
    Thread.currentThread().join();
  }

  /** H2Backend whose databases keep secondary indexes. */
  static final class IndexedH2Backend extends H2Backend {
    IndexedH2Backend(String file) { super(file); }

    @Override
    protected MongoDatabase openOrCreateDatabase(String databaseName) {
      return new IndexedH2Database(databaseName, getMvStore(), getCursorRegistry());
    }
  }

  static final class IndexedH2Database extends H2Database {
    private static final Field MV_STORE;
    static {
      try {
        MV_STORE = H2Database.class.getDeclaredField("mvStore");
        MV_STORE.setAccessible(true);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    IndexedH2Database(String name, org.h2.mvstore.MVStore store, CursorRegistry cursors) {
      super(name, store, cursors);
    }

    // Called from H2Database's constructor (while it opens the stored collections), before
    // any field of this class is set: the store is read from the superclass.
    private org.h2.mvstore.MVStore store() {
      try {
        return (org.h2.mvstore.MVStore) MV_STORE.get(this);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    protected MongoCollection<Object> openOrCreateCollection(String collectionName, CollectionOptions options) {
      String full = getFullCollectionNamespace(collectionName);
      org.h2.mvstore.MVStore store = store();
      // The same map names as H2Database uses, so existing data files open unchanged.
      org.h2.mvstore.MVMap<Object, Document> dataMap = store.openMap("databases." + full);
      org.h2.mvstore.MVMap<String, Object> metaMap = store.openMap("meta." + full);
      return new IndexedCollection(this, collectionName, options, dataMap, metaMap, cursorRegistry);
    }

    @Override
    protected Index<Object> openOrCreateSecondaryIndex(String collectionName, String indexName,
                                                       List<IndexKey> keys, boolean sparse) {
      return new SecondaryIndex(indexName, keys, sparse);
    }

    @Override
    public Document handleCommand(Channel channel, String command, Document query,
                                  DatabaseResolver resolver, Oplog oplog) {
      if ("explain".equalsIgnoreCase(command)) {
        return explain(query);
      }
      return super.handleCommand(channel, command, query, resolver, oplog);
    }

    @SuppressWarnings("unchecked")
    private Document explain(Document command) {
      Document inner = (Document) command.get("explain");
      String verb = inner.keySet().iterator().next();
      String collectionName = String.valueOf(inner.get(verb));
      Document filter = null;
      Document sort = null;
      boolean scanAlways = false;
      switch (verb.toLowerCase()) {
        case "find":
          filter = (Document) inner.get("filter");
          sort = (Document) inner.get("sort");
          break;
        case "count":
        case "distinct":
          filter = (Document) inner.get("query");
          break;
        case "findandmodify":
          filter = (Document) inner.get("query");
          sort = (Document) inner.get("sort");
          break;
        case "delete":
          filter = (Document) ((List<Document>) inner.get("deletes")).get(0).get("q");
          break;
        case "update":
          filter = (Document) ((List<Document>) inner.get("updates")).get(0).get("q");
          break;
        default:
          // mongo-java-server runs aggregations over every document of the collection.
          scanAlways = true;
      }
      if (filter == null) filter = new Document();
      MongoCollection<Object> collection = resolveCollection(collectionName, false);
      Document plan;
      if (collection == null) {
        // No such collection (yet): what a query by _id would use once it exists.
        Cond id = filter.containsKey("_id") ? Cond.parse(filter.get("_id")) : new Cond();
        plan = id.type == Cond.Type.EQ || id.type == Cond.Type.IN
            ? new Document("stage", "FETCH").append("inputStage", new Document("stage", "IXSCAN").append("indexName", "_id_"))
            : new Document("stage", "EOF");
      } else if (scanAlways || !(collection instanceof IndexedCollection)) {
        plan = new Document("stage", "COLLSCAN");
      } else if (verb.equalsIgnoreCase("count")) {
        plan = ((IndexedCollection) collection).explainCount(filter);
      } else {
        plan = ((IndexedCollection) collection).explainPlan(filter, sort);
      }
      Document planner = new Document("plannerVersion", 1)
          .append("namespace", getFullCollectionNamespace(collectionName))
          .append("parsedQuery", filter)
          .append("winningPlan", plan)
          .append("rejectedPlans", List.of());
      return new Document("queryPlanner", planner).append("ok", 1.0);
    }
  }

  /** H2Collection that plans each query over all of its indexes. */
  static final class IndexedCollection extends H2Collection {
    IndexedCollection(MongoDatabase database, String name, CollectionOptions options,
                      org.h2.mvstore.MVMap<Object, Document> dataMap,
                      org.h2.mvstore.MVMap<String, Object> metaMap, CursorRegistry cursors) {
      super(database, name, options, dataMap, metaMap, cursors);
      this.documents = dataMap;
    }

    /** The documents by _id (H2 keeps them sorted by it; a position is the _id itself). */
    private final org.h2.mvstore.MVMap<Object, Document> documents;

    // Filling a new index reads every document: no write may run in between.
    @Override
    public synchronized void addIndex(Index<Object> index) {
      super.addIndex(index);
    }

    @Override
    protected QueryResult queryDocuments(Document query, Document orderBy, int numberToSkip, int limit,
                                         int batchSize, Document fieldSelector) {
      // Every caller but count() already holds this lock; the secondary indexes are plain
      // maps guarded by it.
      synchronized (this) {
        Plan plan = plan(query == null ? new Document() : query, orderBy);
        switch (plan.kind) {
          case NATIVE:
            return super.queryDocuments(query, orderBy, numberToSkip, limit, batchSize, fieldSelector);
          case COLLSCAN:
            warnOfScan(query, orderBy);
            return matchDocuments(query, orderBy, numberToSkip, limit, batchSize, fieldSelector);
          default:
            return matchDocuments(query, plan.positions, plan.sortFromIndex ? null : orderBy,
                numberToSkip, limit, batchSize, fieldSelector);
        }
      }
    }

    /**
     * A count whose every condition is an equality (or $in) on the leading keys of the index
     * it uses is answered from the index entries alone, as MongoDB's COUNT_SCAN: no document
     * is read, so counting a partner's 100 000 applications neither holds the lock while
     * decoding them nor fills the heap. Any other count reads the documents the plan leads to
     * and matches them.
     */
    @Override
    public int count(Document query, int skip, int limit) {
      if (query != null && !query.isEmpty()) {
        synchronized (this) {
          Plan plan = plan(query, null);
          if (plan.kind == Plan.Kind.SECONDARY && plan.covers(query)) {
            int n = 0;
            for (Iterator<Object> it = plan.positions.iterator(); it.hasNext(); it.next()) n++;
            n = Math.max(0, n - Math.max(skip, 0));
            return limit > 0 ? Math.min(limit, n) : n;
          }
        }
      }
      return super.count(query, skip, limit);
    }

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger("MongoWireServer");
    private static final int SCAN_WARN_DOCUMENTS = 1000;
    private final Map<String, Long> scanWarned = new HashMap<>();

    /** A scan of a large collection holds its lock for as long as it reads: named in the log (once a minute per shape). */
    private void warnOfScan(Document query, Document orderBy) {
      int n = count();
      if (n < SCAN_WARN_DOCUMENTS) return;
      String shape = getCollectionName() + " " + query.keySet() + (isRealSort(orderBy) ? " sort " + orderBy.keySet() : "");
      long nowMs = System.currentTimeMillis();
      Long last = scanWarned.get(shape);
      if (last != null && nowMs - last < 60_000) return;
      scanWarned.put(shape, nowMs);
      LOG.warn("collection scan of {} documents: {} (no index serves this filter)", n, shape);
    }

    /** MongoDB's shape: COUNT over COUNT_SCAN when the index entries decide, else over the query's plan. */
    synchronized Document explainCount(Document query) {
      Plan plan = plan(query, null);
      Document input;
      if (!query.isEmpty() && plan.kind == Plan.Kind.SECONDARY && plan.covers(query)) {
        Document key = new Document();
        for (IndexKey k : plan.index.getKeys()) key.put(k.getKey(), k.isAscending() ? 1 : -1);
        input = new Document("stage", "COUNT_SCAN").append("keyPattern", key).append("indexName", plan.index.getName());
      } else {
        input = explainPlan(query, null);
      }
      return new Document("stage", "COUNT").append("inputStage", input);
    }

    synchronized Document explainPlan(Document query, Document orderBy) {
      Plan plan = plan(query, orderBy);
      Document stage;
      if (plan.kind == Plan.Kind.COLLSCAN) {
        stage = new Document("stage", "COLLSCAN").append("filter", query).append("direction", "forward");
      } else {
        Document key = new Document();
        for (IndexKey k : plan.index.getKeys()) key.put(k.getKey(), k.isAscending() ? 1 : -1);
        Document scan = new Document("stage", "IXSCAN").append("keyPattern", key)
            .append("indexName", plan.index.getName())
            .append("isUnique", plan.index.isUnique())
            .append("direction", plan.backward ? "backward" : "forward");
        stage = new Document("stage", "FETCH").append("filter", query).append("inputStage", scan);
      }
      if (isRealSort(orderBy) && !plan.sortFromIndex) {
        stage = new Document("stage", "SORT").append("sortPattern", orderBy).append("inputStage", stage);
      }
      return stage;
    }

    private Plan plan(Document query, Document orderBy) {
      List<Index<Object>> indexes = getIndexes();
      for (Index<Object> index : indexes) {
        if (!(index instanceof SecondaryIndex) && index.canHandle(query)) {
          return Plan.of(Plan.Kind.NATIVE, index, null, !isRealSort(orderBy), false);
        }
      }
      // Every key of a unique index given by equality (or $in), plus other conditions: at
      // most one document per value, read through that index and matched against the rest.
      for (Index<Object> index : indexes) {
        if (index instanceof SecondaryIndex) continue;
        Document sub = new Document();
        for (IndexKey k : index.getKeys()) {
          if (!query.containsKey(k.getKey())) { sub = null; break; }
          Cond cond = Cond.parse(query.get(k.getKey()));
          if (cond.type != Cond.Type.EQ && cond.type != Cond.Type.IN) { sub = null; break; }
          sub.put(k.getKey(), query.get(k.getKey()));
        }
        if (sub != null && index.canHandle(sub)) {
          return Plan.of(Plan.Kind.UNIQUE, index, index.getPositions(sub), !isRealSort(orderBy), false);
        }
      }
      SecondaryIndex best = null;
      SecondaryIndex.Scan bestScan = null;
      for (Index<Object> index : indexes) {
        if (!(index instanceof SecondaryIndex)) continue;
        SecondaryIndex candidate = (SecondaryIndex) index;
        SecondaryIndex.Scan scan = candidate.scanFor(query, orderBy);
        if (scan != null && (bestScan == null || scan.score > bestScan.score)) {
          best = candidate;
          bestScan = scan;
        }
      }
      if (best != null) {
        Plan p = Plan.of(Plan.Kind.SECONDARY, best, best.positions(bestScan), bestScan.sortFromIndex, bestScan.backward);
        p.scan = bestScan;
        return p;
      }
      // A range of string _ids: the data map itself is sorted by _id (strings among
      // themselves by code unit, as MongoDB orders ASCII ids).
      Cond id = query.containsKey("_id") ? Cond.parse(query.get("_id")) : new Cond();
      if (id.type == Cond.Type.RANGE && (!id.hasLow || id.low instanceof String) && (!id.hasHigh || id.high instanceof String)) {
        Index<Object> idIndex = null;
        for (Index<Object> index : indexes) {
          if (index.getKeys().size() == 1 && index.getKeys().get(0).getKey().equals("_id")) idIndex = index;
        }
        if (idIndex != null) {
          String low = id.hasLow ? (String) id.low : "";
          String high = id.hasHigh ? (String) id.high : null;
          Iterable<Object> positions = () -> new Iterator<Object>() {
            private final Iterator<Object> keys = documents.keyIterator(low);
            private Object next;
            private boolean done;

            @Override public boolean hasNext() {
              if (next != null) return true;
              if (done || !keys.hasNext()) return false;
              Object k = keys.next();
              if (!(k instanceof String) || (high != null && ((String) k).compareTo(high) > 0)) {
                done = true;
                return false;
              }
              next = k;
              return true;
            }

            @Override public Object next() {
              if (!hasNext()) throw new NoSuchElementException();
              Object k = next;
              next = null;
              return k;
            }
          };
          boolean sortById = isRealSort(orderBy) && orderBy.size() == 1 && orderBy.containsKey("_id")
              && ((Number) orderBy.get("_id")).doubleValue() > 0;
          return Plan.of(Plan.Kind.ID_RANGE, idIndex, positions, !isRealSort(orderBy) || sortById, false);
        }
      }
      return Plan.of(Plan.Kind.COLLSCAN, null, null, !isRealSort(orderBy), false);
    }
  }

  static boolean isRealSort(Document orderBy) {
    return orderBy != null && !orderBy.isEmpty() && !orderBy.keySet().iterator().next().equals("$natural");
  }

  static final class Plan {
    enum Kind { NATIVE, UNIQUE, SECONDARY, ID_RANGE, COLLSCAN }
    Kind kind;
    Index<Object> index;
    Iterable<Object> positions;
    boolean sortFromIndex;
    boolean backward;
    /** how a secondary index serves the query (SECONDARY plans only) */
    SecondaryIndex.Scan scan;

    /**
     * Whether the index entries alone decide which documents match: every field of the query
     * is one of the equality keys the scan uses, compared with plain values (no embedded
     * document, whose equality the index orders differently), on an index that holds every
     * document (not sparse).
     */
    boolean covers(Document query) {
      if (scan == null || scan.range != null || ((SecondaryIndex) index).isSparse()) return false;
      List<IndexKey> keys = index.getKeys();
      for (Map.Entry<String, Object> e : query.entrySet()) {
        int at = -1;
        for (int i = 0; i < scan.equal.size(); i++) if (keys.get(i).getKey().equals(e.getKey())) at = i;
        if (at < 0) return false;
        for (Object v : scan.equal.get(at)) {
          if (!(v == null || v instanceof String || v instanceof Number || v instanceof Boolean || v instanceof java.util.Date)) return false;
        }
      }
      return true;
    }

    static Plan of(Kind kind, Index<Object> index, Iterable<Object> positions, boolean sortFromIndex, boolean backward) {
      Plan p = new Plan();
      p.kind = kind;
      p.index = index;
      p.positions = positions;
      p.sortFromIndex = sortFromIndex;
      p.backward = backward;
      return p;
    }
  }

  /** One field's condition in a query, as far as an index can serve it. */
  static final class Cond {
    enum Type { EQ, IN, RANGE, NONE }
    Type type = Type.NONE;
    List<Object> values = List.of();
    boolean hasLow;
    boolean hasHigh;
    Object low;
    Object high;

    static boolean indexableValue(Object v) {
      if (v instanceof Collection || v instanceof Pattern) return false;
      if (v instanceof Document) return !isOperatorDocument((Document) v);
      return true;
    }

    static boolean isOperatorDocument(Document d) {
      return !d.isEmpty() && d.keySet().iterator().next().startsWith("$");
    }

    static Cond parse(Object v) {
      Cond c = new Cond();
      if (v instanceof Document && isOperatorDocument((Document) v)) {
        Document ops = (Document) v;
        for (Map.Entry<String, Object> op : ops.entrySet()) {
          Object arg = op.getValue();
          switch (op.getKey()) {
            case "$eq":
              if (indexableValue(arg)) { c.type = Type.EQ; c.values = Collections.singletonList(arg); return c; }
              break;
            case "$in":
              if (arg instanceof Collection && !((Collection<?>) arg).isEmpty()
                  && ((Collection<?>) arg).stream().allMatch(Cond::indexableValue)) {
                c.type = Type.IN;
                c.values = new ArrayList<>((Collection<?>) arg);
                return c;
              }
              break;
            case "$gt":
            case "$gte":
              if (indexableValue(arg) && arg != null) { c.hasLow = true; c.low = arg; }
              break;
            case "$lt":
            case "$lte":
              if (indexableValue(arg) && arg != null) { c.hasHigh = true; c.high = arg; }
              break;
            default:
              // Not served by an index ($ne, $exists, $regex, ...): matched on the documents.
          }
        }
        if (c.hasLow || c.hasHigh) c.type = Type.RANGE;
        return c;
      }
      if (indexableValue(v)) {
        c.type = Type.EQ;
        c.values = Collections.singletonList(v);
      }
      return c;
    }
  }

  /**
   * A non-unique index: a sorted map from (the index's key values..., _id) to the
   * document's position, one entry per key value of a multikey (array) field.
   */
  static final class SecondaryIndex extends Index<Object> {
    private static final Object LOW = new Object() { public String toString() { return "LOW"; } };
    private static final Object HIGH = new Object() { public String toString() { return "HIGH"; } };
    /** Sorts after null (and missing) and before every other value. */
    private static final Object ABOVE_NULL = new Object() { public String toString() { return "ABOVE_NULL"; } };
    private static final ValueComparator VALUES = ValueComparator.asc();

    private final List<IndexKey> keys;
    private final int width;
    private final TreeMap<Object[], Object> entries;
    private final Map<Object, Held> byId = new HashMap<>();

    private static final class Held {
      final Object position;
      final List<Object[]> keys;
      Held(Object position, List<Object[]> keys) { this.position = position; this.keys = keys; }
    }

    static final class Scan {
      List<List<Object>> equal;
      Cond range;
      boolean sortFromIndex;
      boolean backward;
      int score;
    }

    SecondaryIndex(String name, List<IndexKey> keys, boolean sparse) {
      super(name, keys, sparse);
      this.keys = keys;
      this.width = keys.size();
      this.entries = new TreeMap<>(this::compareKeys);
    }

    private int compareKeys(Object[] a, Object[] b) {
      for (int i = 0; i <= width; i++) {
        int c = compareAt(i, a[i], b[i]);
        if (c != 0) return c;
      }
      return 0;
    }

    private int compareAt(int i, Object x, Object y) {
      if (x == y) return 0;
      if (x == LOW || y == HIGH) return -1;
      if (x == HIGH || y == LOW) return 1;
      int c;
      if (x == ABOVE_NULL) c = y == null ? 1 : -1;
      else if (y == ABOVE_NULL) c = x == null ? -1 : 1;
      else c = VALUES.compare(x, y);
      return i < width && !keys.get(i).isAscending() ? -c : c;
    }

    private List<Object[]> keysOf(Document document) {
      Object id = document.get("_id");
      List<Object[]> out = new ArrayList<>(1);
      for (KeyValue kv : getKeyValues(document)) {
        Object[] key = new Object[width + 1];
        boolean allNull = true;
        for (int i = 0; i < width; i++) {
          Object v = kv.get(i);
          if (v instanceof Missing) v = null;
          key[i] = v;
          allNull &= v == null;
        }
        if (isSparse() && allNull) continue;
        key[width] = id;
        out.add(key);
      }
      return out;
    }

    @Override public Object getPosition(Document document) { return null; }

    @Override public void checkAdd(Document document, MongoCollection<Object> collection) {
      getKeyValues(document); // rejects parallel arrays before the document is written
    }

    @Override public void add(Document document, Object position, MongoCollection<Object> collection) {
      List<Object[]> k = keysOf(document);
      for (Object[] key : k) entries.put(key, position);
      byId.put(document.get("_id"), new Held(position, k));
    }

    @Override public Object remove(Document document) {
      Held held = byId.remove(document.get("_id"));
      if (held == null) return null;
      for (Object[] key : held.keys) entries.remove(key);
      return held.position;
    }

    @Override protected boolean isSparse() {
      // removeDocument() of the collection insists on a position from every non-sparse
      // index; this one always has it (see remove), so the flag only matters for keysOf.
      return super.isSparse();
    }

    @Override public boolean canHandle(Document query) { return false; }

    @Override public Iterable<Object> getPositions(Document query) { return List.of(); }

    @Override public long getCount() { return byId.size(); }

    @Override public long getDataSize() { return entries.size() * 64L; }

    @Override public void checkUpdate(Document oldDocument, Document newDocument, MongoCollection<Object> collection) {
      getKeyValues(newDocument);
    }

    @Override public void updateInPlace(Document oldDocument, Document newDocument, Object position,
                                        MongoCollection<Object> collection) {
      remove(oldDocument);
      add(newDocument, position, collection);
    }

    @Override public void drop() {
      entries.clear();
      byId.clear();
    }

    /** How this index would serve the query, or null when it cannot narrow it. */
    Scan scanFor(Document query, Document orderBy) {
      Scan scan = new Scan();
      scan.equal = new ArrayList<>();
      boolean multiValued = false;
      int i = 0;
      for (; i < width; i++) {
        String k = keys.get(i).getKey();
        if (!query.containsKey(k)) break;
        Cond cond = Cond.parse(query.get(k));
        if (cond.type == Cond.Type.EQ || cond.type == Cond.Type.IN) {
          scan.equal.add(cond.values);
          multiValued |= cond.values.size() > 1;
          continue;
        }
        if (cond.type == Cond.Type.RANGE) scan.range = cond;
        break;
      }
      int eq = scan.equal.size();

      if (!isRealSort(orderBy)) {
        if (eq == 0 && scan.range == null) return null;
        scan.sortFromIndex = true;
      } else if (!multiValued) {
        // The sort keys, less those fixed by equality, must be the index keys that follow
        // the equality prefix, all in the index's direction or all reversed; a trailing _id
        // is the index's own tie-break (ascending).
        List<Map.Entry<String, Object>> sortKeys = new ArrayList<>();
        for (Map.Entry<String, Object> s : orderBy.entrySet()) {
          boolean fixed = false;
          for (int j = 0; j < eq; j++) fixed |= keys.get(j).getKey().equals(s.getKey());
          if (!fixed) sortKeys.add(s);
        }
        Boolean backward = null;
        boolean ok = true;
        for (int s = 0; s < sortKeys.size() && ok; s++) {
          String name = sortKeys.get(s).getKey();
          boolean asc = ((Number) sortKeys.get(s).getValue()).doubleValue() > 0;
          int at = eq + s;
          boolean indexAsc;
          if (at < width && keys.get(at).getKey().equals(name)) {
            indexAsc = keys.get(at).isAscending();
          } else if (at == width && name.equals("_id") && s == sortKeys.size() - 1) {
            indexAsc = true;
          } else {
            ok = false;
            break;
          }
          boolean rev = asc != indexAsc;
          if (backward == null) backward = rev;
          else if (backward != rev) ok = false;
        }
        scan.sortFromIndex = ok;
        scan.backward = ok && backward != null && backward;
      }
      // With no condition it can serve, an index is still worth reading when it gives the
      // sort (the whole collection in order, stopped by a limit).
      if (eq == 0 && scan.range == null && !scan.sortFromIndex) return null;
      scan.score = eq * 4 + (scan.range != null ? 2 : 0) + (isRealSort(orderBy) && scan.sortFromIndex ? 1 : 0);
      return scan;
    }

    Iterable<Object> positions(Scan scan) {
      List<Object[]> prefixes = new ArrayList<>();
      prefixes.add(new Object[0]);
      for (List<Object> values : scan.equal) {
        List<Object[]> next = new ArrayList<>();
        for (Object[] p : prefixes) {
          for (Object v : values) {
            Object[] q = java.util.Arrays.copyOf(p, p.length + 1);
            q[p.length] = v;
            next.add(q);
          }
        }
        prefixes = next;
      }
      List<NavigableMap<Object[], Object>> ranges = new ArrayList<>();
      for (Object[] p : prefixes) {
        Object[] from = new Object[width + 1];
        Object[] to = new Object[width + 1];
        int e = p.length;
        System.arraycopy(p, 0, from, 0, e);
        System.arraycopy(p, 0, to, 0, e);
        int rest = e;
        if (scan.range != null) {
          Cond r = scan.range;
          boolean asc = keys.get(e).isAscending();
          // Bounds in iteration order; a missing bound stops before null/missing values,
          // which a range never matches.
          if (asc) {
            from[e] = r.hasLow ? r.low : ABOVE_NULL;
            to[e] = r.hasHigh ? r.high : HIGH;
          } else {
            from[e] = r.hasHigh ? r.high : LOW;
            to[e] = r.hasLow ? r.low : ABOVE_NULL;
          }
          rest = e + 1;
        }
        for (int i = rest; i <= width; i++) {
          from[i] = LOW;
          to[i] = HIGH;
        }
        NavigableMap<Object[], Object> sub = entries.subMap(from, true, to, true);
        ranges.add(scan.backward ? sub.descendingMap() : sub);
      }
      return () -> new Iterator<Object>() {
        private final Iterator<NavigableMap<Object[], Object>> maps = ranges.iterator();
        private Iterator<Object> current = Collections.emptyIterator();
        private final Set<Object> seen = new HashSet<>();
        private Object next;
        private boolean ready;

        @Override public boolean hasNext() {
          while (!ready) {
            while (!current.hasNext()) {
              if (!maps.hasNext()) return false;
              current = maps.next().values().iterator();
            }
            Object candidate = current.next();
            if (seen.add(candidate)) {
              next = candidate;
              ready = true;
            }
          }
          return true;
        }

        @Override public Object next() {
          if (!hasNext()) throw new NoSuchElementException();
          ready = false;
          return next;
        }
      };
    }
  }
}
