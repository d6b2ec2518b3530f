package io.sites.app.web;

import io.sites.api.code.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.regex.Pattern;
import org.springframework.core.annotation.Order;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Every API request body passes {@link BodyAdmission} (the request cap and the memory budget) before a controller
 * reads it; refusals are the envelope. Registered after the security chain, so nothing of an unauthenticated
 * request's body is read or spooled. Larger files belong in upload slots, which stream to the blob store.
 */
@Component
// After the security chain, before the Idempotency-Key's filter, which hashes the admitted body.
@Order(IdempotencyFilter.ORDER - 1)
class BodyAdmissionFilter extends OncePerRequestFilter {
    /** createWebsite, createWebsiteVersion and uploadFiles, whose large bodies are decoded while read. */
    private static final Pattern PUBLISH = Pattern.compile("/v1/websites(/[^/]+/versions)?|/v1/uploads/batch");

    private final BodyAdmission admission;
    private final ErrorResponses errors;

    BodyAdmissionFilter(BodyAdmission admission, ErrorResponses errors) {
        this.admission = admission;
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !request.getRequestURI().startsWith("/v1");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!concreteOrAbsent(request.getContentType())) {
            // Spring's request headers refuse a wildcard Content-Type with an exception that would be a 500; the
            // body is meant as one concrete media type or none.
            errors.write(response, ErrorCode.UNSUPPORTED_MEDIA_TYPE, ApiExceptionHandler.SEND_JSON);
            return;
        }
        BodyAdmission.Reading reading = "POST".equals(request.getMethod())
                && PUBLISH.matcher(request.getRequestURI()).matches()
                ? BodyAdmission.Reading.REST_PUBLISH : BodyAdmission.Reading.REST;
        admission.admit(request, reading, refused -> {
            refused.headers().forEach(response::setHeader);
            errors.write(response, refused.status().value(), refused.body());
        }, admitted -> chain.doFilter(admitted, response));
    }

    private static boolean concreteOrAbsent(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return true;
        }
        try {
            return !MediaType.parseMediaType(contentType).isWildcardType()
                    && !MediaType.parseMediaType(contentType).isWildcardSubtype();
        } catch (InvalidMediaTypeException unparsable) {
            return true; // binding answers it as an unsupported media type, as before
        }
    }
}
