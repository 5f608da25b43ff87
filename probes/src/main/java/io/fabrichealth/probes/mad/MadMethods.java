package io.fabrichealth.probes.mad;

/**
 * Method codes as they appear in received MADs. Only {@link #GET_RESP} is public: this package builds
 * Get requests and nothing else, so no public constant exists that could ask a device to change state.
 */
public final class MadMethods {

    /** Written by {@link MadRequest} and by nothing else. */
    static final int GET = 0x01;

    /** The answer to a Get; bit 7 (R) marks a response. */
    public static final int GET_RESP = 0x81;

    private MadMethods() {
    }

    /** The IBA name of a received method code, for logs and error messages. */
    public static String describe(int method) {
        return switch (method) {
            case 0x01 -> "Get";
            case 0x02 -> "Set";
            case 0x03 -> "Send";
            case 0x05 -> "Trap";
            case 0x06 -> "Report";
            case 0x07 -> "TrapRepress";
            case 0x12 -> "GetTable";
            case 0x13 -> "GetTraceTable";
            case 0x14 -> "GetMulti";
            case 0x15 -> "Delete";
            case 0x81 -> "GetResp";
            case 0x86 -> "ReportResp";
            case 0x92 -> "GetTableResp";
            case 0x94 -> "GetMultiResp";
            case 0x95 -> "DeleteResp";
            default -> String.format("method 0x%02x", method);
        };
    }
}
