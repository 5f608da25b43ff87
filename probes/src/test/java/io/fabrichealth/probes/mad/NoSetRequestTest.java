package io.fabrichealth.probes.mad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The monitor is read-only: nothing in this package can build a Set (method 0x02) or any method other
 * than Get. Every public way to obtain a MadRequest is found by reflection, called with every argument
 * value that could smuggle in a method code, and every request it yields is encoded and inspected.
 */
class NoSetRequestTest {

    private static final int GET = 0x01;
    private static final int[] INTS = {0, 1, 2, 3, 5, 0x7F, 0x80, 0x81, 0x82, 0xFF, 0x100, 0xBFFF, 0xC000, 0xFFFF,
        -1, Integer.MAX_VALUE, Integer.MIN_VALUE};
    private static final long[] LONGS = {0, 2, -1, Long.MAX_VALUE, 0x0202020202020202L};
    private static final List<Object> DR_PATHS = List.of(DrPath.local(), DrPath.of(2), DrPath.of(1, 2, 3), longestPath());
    private static final List<Object> ROUTES = Stream.concat(Stream.of(SmpRoute.lid(2), SmpRoute.lid(0xBFFF)),
            DR_PATHS.stream()).toList();
    private static final List<Object> INT_ARRAYS = List.of(new int[0], new int[] {2}, new int[] {1, 2, 3},
            new int[] {0}, new int[] {256});
    private static final List<Object> STRINGS = List.of("0", "0,2", "0,1,2", "2");

    @Test
    void noPublicConstantNamesAMethodThatChangesState() throws Exception {
        for (Class<?> type : packageClasses()) {
            for (Field field : type.getFields()) {
                assertThat(field.getName()).as(type.getSimpleName() + "." + field.getName())
                        .doesNotMatch("(?i)^(SET|SET_.*|.*_SET|SUBN_SET.*|METHOD_SET.*)$");
            }
        }
    }

    @Test
    void aMadRequestCanOnlyComeFromTheGetFactories() throws Exception {
        assertThat(Modifier.isFinal(MadRequest.class.getModifiers())).isTrue();
        assertThat(MadRequest.class.getConstructors()).as("public constructors of MadRequest").isEmpty();
        assertThat(producers()).extracting(Method::getName).containsExactlyInAnyOrder("nodeInfo", "nodeDescription",
                "switchInfo", "portInfo", "linearForwardingTable", "pmaClassPortInfo", "portCounters", "portCountersExtended",
                "withMKey");
    }

    @Test
    void everyRequestTheApiCanProduceEncodesAsGet() throws Exception {
        List<MadRequest> requests = new ArrayList<>();
        for (Method factory : producers()) {
            if (Modifier.isStatic(factory.getModifiers())) {
                for (Object[] args : argumentCombinations(factory.getParameterTypes())) {
                    call(factory, null, args, requests);
                }
            }
        }
        List<MadRequest> derived = new ArrayList<>();
        for (Method instanceProducer : producers()) {
            if (!Modifier.isStatic(instanceProducer.getModifiers())) {
                for (MadRequest request : requests) {
                    for (Object[] args : argumentCombinations(instanceProducer.getParameterTypes())) {
                        call(instanceProducer, request, args, derived);
                    }
                }
            }
        }
        requests.addAll(derived);
        assertThat(requests).hasSizeGreaterThan(500);

        ByteBuffer slot = ByteBuffer.allocateDirect(Mad.SIZE);
        for (MadRequest request : requests) {
            for (long tid : LONGS) {
                for (int i = 0; i < Mad.SIZE; i++) {
                    slot.put(i, (byte) 0x02); // a slot full of "Set" bytes must not leak one into the method field
                }
                request.encode(slot, 0, tid);
                assertThat(slot.get(3) & 0xFF).as("method byte of %s", request).isEqualTo(GET);
                assertThat(slot.get(0) & 0xFF).isEqualTo(Mad.BASE_VERSION);
            }
        }
    }

    /** Public methods of the package that hand out a MadRequest. */
    private static List<Method> producers() throws Exception {
        List<Method> found = new ArrayList<>();
        for (Class<?> type : packageClasses()) {
            for (Method m : type.getMethods()) {
                if (m.getDeclaringClass() == type && MadRequest.class.isAssignableFrom(m.getReturnType())) {
                    found.add(m);
                }
            }
        }
        return found;
    }

    private static void call(Method method, Object target, Object[] args, List<MadRequest> into) throws Exception {
        try {
            into.add((MadRequest) method.invoke(target, args));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (!(cause instanceof IllegalArgumentException || cause instanceof IllegalStateException)) {
                fail(method + " " + Arrays.deepToString(args) + " threw " + cause, cause);
            }
        }
    }

    private static List<Object[]> argumentCombinations(Class<?>[] types) {
        List<Object[]> combos = new ArrayList<>();
        combos.add(new Object[0]);
        for (Class<?> type : types) {
            List<Object[]> next = new ArrayList<>();
            for (Object[] prefix : combos) {
                for (Object value : valuesOf(type)) {
                    Object[] longer = Arrays.copyOf(prefix, prefix.length + 1);
                    longer[prefix.length] = value;
                    next.add(longer);
                }
            }
            combos = next;
        }
        return combos;
    }

    private static List<Object> valuesOf(Class<?> type) {
        Map<Class<?>, List<Object>> domains = Map.of(
                int.class, Arrays.stream(INTS).boxed().map(Object.class::cast).toList(),
                long.class, Arrays.stream(LONGS).boxed().map(Object.class::cast).toList(),
                SmpRoute.class, ROUTES,
                DrPath.class, DR_PATHS,
                LidRoute.class, List.of(SmpRoute.lid(2)),
                int[].class, INT_ARRAYS,
                String.class, STRINGS);
        List<Object> values = domains.get(type);
        if (values == null) {
            fail("no test values for parameter type " + type + "; add them so the scan covers the new method");
        }
        return values;
    }

    private static DrPath longestPath() {
        int[] ports = new int[DrPath.MAX_HOPS];
        Arrays.fill(ports, 255);
        return DrPath.of(ports);
    }

    /** Every class compiled into io.fabrichealth.probes.mad, found next to MadRequest.class. */
    static List<Class<?>> packageClasses() throws IOException, URISyntaxException, ClassNotFoundException {
        Path root = Path.of(MadRequest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path dir = root.resolve(MadRequest.class.getPackageName().replace('.', '/'));
        List<Class<?>> classes = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                String simple = f.getFileName().toString().replace(".class", "");
                classes.add(Class.forName(MadRequest.class.getPackageName() + "." + simple));
            }
        }
        assertThat(classes).hasSizeGreaterThan(20);
        return classes;
    }
}
