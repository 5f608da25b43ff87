package io.fabrichealth.testbed.guest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A kernel's modules.dep, read so that busybox insmod (which resolves nothing) can load modules in order.
 * Paths are relative to /lib/modules/VERSION, as in the file.
 */
final class ModuleDeps {

    private final Map<String, String> pathByName = new HashMap<>();
    private final Map<String, List<String>> depsByPath = new HashMap<>();
    private final Set<String> builtin = new LinkedHashSet<>();

    private ModuleDeps() {
    }

    static ModuleDeps read(Path modulesDir) throws IOException {
        ModuleDeps deps = new ModuleDeps();
        for (String line : Files.readAllLines(modulesDir.resolve("modules.dep"))) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String path = line.substring(0, colon);
            String rest = line.substring(colon + 1).strip();
            deps.pathByName.put(name(path), path);
            deps.depsByPath.put(path, rest.isEmpty() ? List.of() : List.of(rest.split("\\s+")));
        }
        Path builtinFile = modulesDir.resolve("modules.builtin");
        if (Files.isReadable(builtinFile)) {
            Files.readAllLines(builtinFile).forEach(p -> deps.builtin.add(name(p)));
        }
        return deps;
    }

    /** Module paths to load, every dependency before its users; built-in modules are left out. */
    List<String> loadOrder(List<String> modules) {
        LinkedHashSet<String> order = new LinkedHashSet<>();
        for (String module : modules) {
            String name = name(module);
            String path = pathByName.get(name);
            if (path == null) {
                if (builtin.contains(name)) {
                    continue;
                }
                throw new GuestException("module " + module + " is neither in modules.dep nor built in: "
                        + "is the kernel's package (linux-image-amd64) complete?");
            }
            visit(path, order, new LinkedHashSet<>());
        }
        return new ArrayList<>(order);
    }

    private void visit(String path, Set<String> order, Set<String> onStack) {
        if (order.contains(path)) {
            return;
        }
        if (!onStack.add(path)) {
            throw new GuestException("modules.dep has a cycle through " + path);
        }
        for (String dep : depsByPath.getOrDefault(path, List.of())) {
            visit(dep, order, onStack);
        }
        onStack.remove(path);
        order.add(path);
    }

    /** "kernel/net/9p/9pnet_virtio.ko.xz" -> "9pnet_virtio"; modprobe treats '-' and '_' alike. */
    static String name(String moduleOrPath) {
        String base = moduleOrPath.substring(moduleOrPath.lastIndexOf('/') + 1);
        int ko = base.indexOf(".ko");
        return (ko >= 0 ? base.substring(0, ko) : base).replace('-', '_');
    }
}
