package io.fabrichealth.jni;

/** Child JVM main, run under umad2sim with no ibsim behind IBSIM_SOCKNAME. */
public final class SimulatorAbsent {
    private SimulatorAbsent() {
    }

    public static void main(String[] args) {
        try {
            Report.println("cas=" + Umad.caNames());
        } catch (NativeException e) {
            Report.println("errno=" + e.errnoName());
            Report.println("message=" + e.getMessage());
        }
        try (UmadPort port = Umad.open(null, 0)) {
            Report.println("opened=" + port.isOpen());
        } catch (NativeException e) {
            Report.println("open.errno=" + e.errnoName());
        }
        Report.println("done=true");
    }
}
