package io.fabrichealth.mbeans;

import static org.assertj.core.api.Assertions.assertThat;

import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

class ObjectNamesTest {
    @Test
    void typeComesFirstAndKeysKeepTheirOrder() {
        assertThat(ObjectNames.of("Port", "guid", "0x0002c90000000001", "port", "3").toString())
                .isEqualTo("fabric.health:type=Port,guid=0x0002c90000000001,port=3");
    }

    @Test
    void valuesWithSpecialCharactersAreQuotedAndSurviveARoundTrip() throws Exception {
        ObjectName n = ObjectNames.of("Burst", "peer", "host-b:7470", "set", "default");
        assertThat(n.toString()).isEqualTo("fabric.health:type=Burst,peer=\"host-b:7470\",set=default");
        assertThat(ObjectName.unquote(n.getKeyProperty("peer"))).isEqualTo("host-b:7470");
        assertThat(ObjectNames.of("Node", "desc", "a,b=c*").getKeyProperty("desc")).startsWith("\"");
    }
}
