package io.fabrichealth.jni;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns dlopen's message into what failed and what to do next. */
final class LoadFailure {
    /** {@link NativeLoader#NATIVE_DIR_PROPERTY}, declared here because the advice below names it. */
    static final String NATIVE_DIR_PROPERTY = "fabric.health.native.dir";
    private static final Pattern MISSING_DEPENDENCY =
            Pattern.compile("(lib[^\\s:/]+\\.so[^\\s:]*): cannot open shared object file");

    private LoadFailure() {
    }

    /** {@code file} is the family's library ("libfhumad.so"), {@code packages} what provides its dependencies. */
    static String explain(String file, String packages, String dlerror) {
        String text = dlerror == null ? "" : dlerror;
        Matcher missing = MISSING_DEPENDENCY.matcher(text);
        if (missing.find() && !missing.group(1).equals(file)) {
            return missing.group(1) + ": cannot open shared object file, needed by " + file
                    + (packages == null ? "" : "; install " + packages + " (apt-get install " + packages + ")");
        }
        if (text.contains("invalid ELF header") || text.contains("file too short")
                || text.contains("not an ELF") || text.contains("wrong ELF class")) {
            return file + " is not a usable shared object (" + text + "); reinstall the fabric-health-jni jar"
                    + " or fix the file in -D" + NATIVE_DIR_PROPERTY;
        }
        if (text.contains("already loaded in another classloader")) {
            return text + "; put the fabric-health-jni jar on the server classpath (payara --addlibs),"
                    + " never in WEB-INF/lib";
        }
        if (text.contains("undefined symbol")) {
            return file + " does not match the installed system library (" + text + "); install "
                    + packages + " at the version it was built against, or rebuild";
        }
        return file + " failed to load: " + text;
    }
}
