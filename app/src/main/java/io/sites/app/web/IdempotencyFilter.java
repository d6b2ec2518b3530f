package io.sites.app.web;

import io.sites.api.id.AccountId;
import io.sites.api.code.ErrorCode;
import io.sites.app.identity.Callers;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The Idempotency-Key of createWebsite, createWebsiteVersion, createUploads and promoteVersion, through
 * {@link IdempotentRequests}: after the security chain (the key is the caller's) and after {@link BodyAdmissionFilter}
 * (the body is within the cap, and held or spooled where it can be hashed). A request without the header, or a dry
 * run (it has no effect, so it is never recorded), passes as before.
 */
@Component
@Order(IdempotencyFilter.ORDER)
class IdempotencyFilter extends OncePerRequestFilter {
    /** Right after body admission, which is {@code ORDER - 1}. */
    static final int ORDER = Ordered.LOWEST_PRECEDENCE - 10;
    private static final Pattern OPERATIONS = Pattern.compile(
            "/v1/(uploads|websites(/[^/]+/versions(/[^/]+/promote)?)?)");

    private final IdempotentRequests requests;
    private final ErrorResponses errors;

    IdempotencyFilter(IdempotentRequests requests, ErrorResponses errors) {
        this.requests = requests;
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !"POST".equals(request.getMethod()) || request.getHeader(IdempotentRequests.HEADER) == null
                || !OPERATIONS.matcher(request.getRequestURI()).matches();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<AccountId> caller = Callers.current();
        if (caller.isEmpty() || dryRun(request.getQueryString())) {
            chain.doFilter(request, response);
            return;
        }
        List<String> keys = Collections.list(request.getHeaders(IdempotentRequests.HEADER));
        if (keys.size() > 1) {
            refuse(response, new ApiErrors.Failure(ErrorCode.BAD_REQUEST,
                    "Send one Idempotency-Key header, not " + keys.size() + "."));
            return;
        }
        String target = request.getRequestURI() + (request.getQueryString() == null ? ""
                : "?" + request.getQueryString());
        IdempotentRequests.Outcome outcome = requests.claim(caller.get(), keys.getFirst(),
                IdempotentRequests.fingerprint(request.getMethod(), target, BodyAdmission.sha256(request)));
        switch (outcome) {
            case IdempotentRequests.Refused refused -> refuse(response, refused.failure());
            case IdempotentRequests.Replayed replayed -> replay(response, replayed.answer());
            case IdempotentRequests.Claimed claimed -> run(request, response, chain, claimed);
        }
    }

    /**
     * Whether the query asks for a dry run, read from the query string alone: asking the request for a parameter
     * would read a form-encoded body before it is hashed. The word is the one the publishes take
     * ({@link WebsitesController#dryRun}); any other value of dryRun is no dry run, or a 400 of its own.
     */
    static boolean dryRun(String query) {
        if (query == null) {
            return false;
        }
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0 && "dryRun".equals(pair.substring(0, equals))
                    && "true".equals(URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8))) {
                return true;
            }
        }
        return false;
    }

    private void run(HttpServletRequest request, HttpServletResponse response, FilterChain chain,
            IdempotentRequests.Claimed claimed) throws ServletException, IOException {
        CapturedResponse captured = new CapturedResponse(response);
        try {
            chain.doFilter(request, captured);
        } catch (IOException | ServletException | RuntimeException | Error failed) {
            requests.release(claimed);
            throw failed;
        }
        IdempotentRequests.Answer answer = captured.answer();
        try {
            if (answer == null) {
                requests.release(claimed);
            } else {
                requests.finish(claimed, answer);
            }
        } catch (RuntimeException notKept) {
            // The operation's answer still goes out; a retry after the claim's lease runs the request again.
            ApiErrors.reference("Could not keep the answer of an Idempotency-Key", notKept);
        }
        captured.send();
    }

    private void refuse(HttpServletResponse response, ApiErrors.Failure failure) throws IOException {
        failure.headers().forEach(response::setHeader);
        errors.write(response, failure.status().value(), failure.body());
    }

    private static void replay(HttpServletResponse response, IdempotentRequests.Answer answer) throws IOException {
        response.setStatus(answer.status());
        if (answer.contentType() != null) {
            response.setContentType(answer.contentType());
        }
        if (answer.location() != null) {
            response.setHeader(HttpHeaders.LOCATION, answer.location());
        }
        response.setHeader(IdempotentRequests.REPLAYED, "true");
        response.setContentLength(answer.body().length);
        response.getOutputStream().write(answer.body());
    }
}
