package io.fabrichealth.jni;

/** Child JVM main, run under umad2sim with no ibsim behind IBSIM_SOCKNAME. */
public final class SimulatorAbsent {
    private SimulatorAbsent() {
    }

    public static void main(String[] args) {
        try {
            System.out.println("cas=" + Umad.caNames());
        } catch (NativeException e) {
            System.out.println("errno=" + e.errnoName());
            System.out.println("message=" + e.getMessage());
        }
        try (UmadPort port = Umad.open(null, 0)) {
            System.out.println("opened=" + port.isOpen());
        } catch (NativeException e) {
            System.out.println("open.errno=" + e.errnoName());
        }
        System.out.println("done=true");
    }
}
