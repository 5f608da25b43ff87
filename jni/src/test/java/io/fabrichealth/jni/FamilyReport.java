package io.fabrichealth.jni;

/** Child JVM main: prints what NativeFamily says about each family, as key=value lines. */
public final class FamilyReport {
    private FamilyReport() {
    }

    public static void main(String[] args) {
        for (NativeFamily family : NativeFamily.values()) {
            System.out.println(family + ".available=" + family.available());
            System.out.println(family + ".cause=" + family.cause());
            System.out.println(family + ".version=" + family.version());
        }
        System.out.println("done=true");
    }
}
