package io.sites.bundle.rules;

import io.sites.api.code.ViolationCode;
import java.util.List;

/** The order in which violations of one file are reported; the codes themselves are {@link ViolationCode}. */
public final class Codes {

    /** Rank of a code within one file's violations; codes from a RemoteFiles implementation come with the source. */
    static final List<String> FILE_ORDER = List.of(
            ViolationCode.INVALID_FILE.name(), ViolationCode.INVALID_ENCODING.name(),
            ViolationCode.SOURCE_NOT_SUPPORTED.name(), ViolationCode.INVALID_PATH.name(),
            ViolationCode.DUPLICATE_PATH.name(), ViolationCode.CONTENT_TYPE_MISMATCH.name(),
            ViolationCode.FILE_TOO_LARGE.name(), ViolationCode.EXTERNAL_URL.name(), ViolationCode.IFRAME.name(),
            ViolationCode.SERVICE_WORKER.name(), ViolationCode.REDIRECT_INVALID.name(),
            ViolationCode.REDIRECT_LOOP.name(), ViolationCode.REDIRECT_TARGET_MISSING.name(),
            ViolationCode.HEADER_INVALID.name(), ViolationCode.HEADER_FORBIDDEN.name(),
            ViolationCode.HEADERS_TOO_LARGE.name(), ViolationCode.TOO_MANY_RULES.name());

    public static int rank(String code) {
        int i = FILE_ORDER.indexOf(code);
        return i < 0 ? FILE_ORDER.indexOf(ViolationCode.SOURCE_NOT_SUPPORTED.name()) : i;
    }

    private Codes() {}
}
