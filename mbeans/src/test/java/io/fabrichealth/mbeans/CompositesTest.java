package io.fabrichealth.mbeans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.CompositeDataSupport;
import javax.management.openmbean.InvalidKeyException;
import javax.management.openmbean.SimpleType;
import org.junit.jupiter.api.Test;

class CompositesTest {
    private static final Composites TYPE = new Composites("Sample", "a sample", "zeta", SimpleType.LONG,
            "alpha", SimpleType.STRING, "mid", SimpleType.LONG);

    @Test
    void aRowAnswersAsTheJdksCompositeDoes() throws Exception {
        CompositeData row = TYPE.of(3L, "a", null);
        CompositeData jdk = new CompositeDataSupport(TYPE.type(), new String[] {"zeta", "alpha", "mid"},
                new Object[] {3L, "a", null});
        assertThat(row.get("zeta")).isEqualTo(3L);
        assertThat(row.get("alpha")).isEqualTo("a");
        assertThat(row.get("mid")).isNull();
        assertThat(row.getAll(new String[] {"mid", "zeta"})).containsExactly(null, 3L);
        assertThat(new ArrayList<Object>(row.values())).as("in key order, as CompositeDataSupport")
                .isEqualTo(new ArrayList<Object>(jdk.values()));
        assertThat(row.containsKey("alpha")).isTrue();
        assertThat(row.containsKey("beta")).isFalse();
        assertThat(row.containsValue(3L)).isTrue();
        assertThat(row).isEqualTo(jdk);
        assertThat(jdk).isEqualTo(row);
        assertThat(row.hashCode()).isEqualTo(jdk.hashCode());
        assertThat(row.toString()).isEqualTo(jdk.toString());
        assertThatThrownBy(() -> row.get("beta")).isInstanceOf(InvalidKeyException.class).hasMessageContaining("beta");
    }

    @Test
    void aRowTravelsAsCompositeDataSupportSoJmxClientsNeedNoClassOfOurs() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(TYPE.of(3L, "a", 7L));
        }
        Object read;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            read = in.readObject();
        }
        assertThat(read).isInstanceOf(CompositeDataSupport.class).isEqualTo(TYPE.of(3L, "a", 7L));
        assertThat(new String(bytes.toByteArray(), StandardCharsets.ISO_8859_1))
                .doesNotContain("io.fabrichealth");
    }

    @Test
    void aValueOfTheWrongTypeIsRefusedWithItsItemNamed() {
        assertThatThrownBy(() -> TYPE.of("three", "a", 7L)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("zeta").hasMessageContaining("java.lang.Long");
        assertThatThrownBy(() -> TYPE.of(3L)).hasMessageContaining("[zeta, alpha, mid]");
    }
}
