package io.fabrichealth.config.bind;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A component that is not a YAML key: the loader sets it (the config's source name). The binder keeps the
 * default, the renderer leaves it out, and a key of that name in the file is unknown.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Unbound {
}
