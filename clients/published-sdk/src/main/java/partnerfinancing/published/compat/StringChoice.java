package partnerfinancing.published.compat;

import com.google.gson.JsonObject;
import java.io.IOException;

/**
 * Stands in, in the 6.6.0 build only, for the published document's two oneOf-of-strings
 * schemas (DeliveryCarrier, FileRequest). openapi-generator 6.6.0 writes their models as
 * calls of String.validateJsonObject, which does not compile, so the build maps both names
 * to this class (a generator setting; every generated file stays as generated). Like the
 * model 6.6.0 meant to write, it cannot read a string: the version the Journey is pinned to
 * answers neither, and the Journey sends neither.
 */
public final class StringChoice {
  private StringChoice() {}

  public static void validateJsonObject(JsonObject jsonObj) throws IOException {
    throw new IOException("a oneOf of strings cannot be read by the models openapi-generator 6.6.0 writes: " + jsonObj);
  }
}
