package io.fabrichealth.agent.it;

import fish.payara.micro.PayaraMicro;
import fish.payara.micro.PayaraMicroRuntime;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Payara Micro booted through its own API in a JVM whose classpath is payara-micro.jar and this class only, as in
 * production (the WAR brings its libraries, the jni jar is a server library). Unlike {@code java -jar}, the API can
 * undeploy and deploy again without a restart, which is what the redeploy test needs.
 * stdin: {@code redeploy} or {@code quit}; stdout: {@code READY}, {@code REDEPLOYED}, {@code FAILED <why>}.
 * Args: port bind war jniJar rootDir.
 */
public final class PayaraHost {
    private static final String NAME = "fabric-health";

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String bind = args[1];
        File war = new File(args[2]);
        PayaraMicro micro = PayaraMicro.getInstance();
        micro.setHttpPort(port).setNoCluster(true).setRootDir(new File(args[4])).addLibrary(new File(args[3]));
        micro.setNoHazelcast(true);
        micro.setPreBootHandler(r -> r.run("set", "configs.config.server-config.network-config.network-listeners."
                + "network-listener.http-listener.address=" + bind));
        PayaraMicroRuntime runtime = micro.bootStrap();
        say(runtime.deploy(NAME, "/", war) ? "READY" : "FAILED deploy");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.equals("redeploy")) {
                runtime.undeploy(NAME);
                say(runtime.deploy(NAME, "/", war) ? "REDEPLOYED" : "FAILED redeploy");
            } else if (line.equals("quit")) {
                break;
            }
        }
        runtime.shutdown();
        System.exit(0);
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
