package io.fabrichealth.jni;

/** Child JVM main: prints what NativeFamily says about each family, as key=value lines. */
public final class FamilyReport {
    private FamilyReport() {
    }

    public static void main(String[] args) {
        for (NativeFamily family : NativeFamily.values()) {
            Report.println(family + ".available=" + family.available());
            Report.println(family + ".cause=" + family.cause());
            Report.println(family + ".version=" + family.version());
        }
        Report.println("done=true");
    }
}
