package io.sites.app.usecases;

import io.sites.api.code.ErrorCode;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import io.sites.api.json.PublishDraftRequest;
import io.sites.api.json.PublishDraftResult;
import io.sites.api.json.PublishFile;
import io.sites.app.SiteUrls;
import io.sites.bundle.DecodedContent;
import io.sites.bundle.FileInput;
import io.sites.bundle.FileSource;
import io.sites.command.limits.RateLimitedException;
import io.sites.command.publish.NewVersion;
import io.sites.command.publish.NewWebsite;
import io.sites.command.publish.PublishService;
import io.sites.command.publish.PublishedWebsite;
import io.sites.command.website.SlugTakenException;
import io.sites.limits.RateWindow;
import io.sites.limits.RateWindows;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * publishDraft (POST /v1/drafts, MCP publish_draft): a throwaway website under a random slug, owned by a
 * placeholder account of its own, that expires after {@code sites.drafts.lifetime} (the existing expiry deletes it)
 * unless claimed. Tighter than a publish: inline files only, {@code sites.drafts.max-bytes} in all, no
 * {@code _headers} or {@code _redirects}, password, domains or slug, {@code sites.drafts.per-hour} per client address. Its pages carry
 * {@link DraftNotice}; version 2 is the same bundle without it, stored not live, and the claim makes it live.
 */
@Component
public class DraftOperations {
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
    private static final int SLUG_ATTEMPTS = 3;

    private final PublishService publishing;
    private final DraftClaimLinks links;
    private final SiteUrls urls;
    private final Clock clock;
    private final RateWindow perAddress;
    private final boolean anonymous;
    private final long maxBytes;
    private final Duration lifetime;
    private final SecureRandom random = new SecureRandom();

    DraftOperations(PublishService publishing, DraftClaimLinks links, SiteUrls urls, Clock clock,
            RateWindows windows, @Value("${sites.anonymous-drafts:false}") boolean anonymous,
            @Value("${sites.drafts.max-bytes:2097152}") long maxBytes,
            @Value("${sites.drafts.per-hour:10}") int perHour,
            @Value("${sites.drafts.lifetime:PT24H}") Duration lifetime) {
        this.publishing = publishing;
        this.links = links;
        this.urls = urls;
        this.clock = clock;
        this.perAddress = windows.window("draft", Duration.ofHours(1), perHour);
        this.anonymous = anonymous;
        this.maxBytes = maxBytes;
        this.lifetime = lifetime;
    }

    /** Whether a caller without a token may publish a draft here (SITES_ANONYMOUS_DRAFTS). */
    public boolean allowsAnonymous() {
        return anonymous;
    }

    /**
     * A draft from {@code address}, for {@code caller} when a token came with it (the draft is unowned all the same:
     * a claim moves it), else anonymous where the operator allows it.
     */
    public PublishDraftResult publishDraft(Optional<Actor> caller, String address, PublishDraftRequest request,
            Map<Integer, DecodedContent> decoded) {
        if (caller.isEmpty() && !anonymous) {
            throw new DraftRefusedException(ErrorCode.DRAFTS_DISABLED, "This service does not take drafts without a "
                    + "token: send one (Authorization: Bearer), or publish with createWebsite.");
        }
        refuseRestricted(request);
        List<FileInput> files = PublishRequests.draftFiles(request.files(), decoded);
        long bytes = 0;
        for (FileInput file : files) {
            if (file == null) {
                continue;
            }
            if (DraftNotice.remote(file)) {
                throw restricted("A draft takes inline files only (content): '" + file.path()
                        + "' names an upload, a sourceUrl or a digest. Claim the draft to publish those.");
            }
            refuseSiteRules(file.path());
            bytes += DraftNotice.size(file);
        }
        if (bytes > maxBytes) {
            throw new DraftRefusedException(ErrorCode.DRAFT_TOO_LARGE, "A draft's files may add up to " + maxBytes
                    + " bytes; these are " + bytes + ". Nothing was published.");
        }
        perAddress.take(address, 1).ifPresent(refusal -> {
            throw new RateLimitedException("At most " + perAddress.budget() + " drafts an hour from one address. "
                    + "Retry after " + refusal.retryAfter().toSeconds() + " seconds; nothing was published.",
                    refusal.retryAfter());
        });
        return publish(caller, request, files);
    }

    private PublishDraftResult publish(Optional<Actor> caller, PublishDraftRequest request, List<FileInput> files) {
        AccountId placeholder = AccountId.generate();
        Actor actor = new Actor(placeholder, caller.map(Actor::via).orElse(null), null);
        Instant expires = clock.instant().plus(lifetime);
        List<FileInput> marked = new ArrayList<>(files.size());
        List<FileInput> clean = new ArrayList<>();
        for (FileInput file : files) {
            byte[] page = file != null && DraftNotice.isPage(file.path()) ? DraftNotice.bytes(file) : null;
            if (page == null) {
                marked.add(file);
                continue;
            }
            marked.add(new FileInput(file.path(), file.contentType(), new FileSource.Bytes(DraftNotice.marked(page))));
            clean.add(new FileInput(file.path(), file.contentType(), new FileSource.Bytes(page)));
        }
        PublishedWebsite published = null;
        for (int attempt = 1; published == null; attempt++) {
            try {
                published = publishing.createWebsite(actor, new NewWebsite(request.name(), "other", null, slug(),
                        marked, null, null, expires));
            } catch (SlugTakenException taken) {
                if (attempt >= SLUG_ATTEMPTS) {
                    throw taken;
                }
            }
        }
        if (!clean.isEmpty()) {
            publishing.publishVersion(actor, published.websiteId().value(), new NewVersion(clean,
                    "The draft without its notice, made live when it is claimed", false, 1, null, null));
        }
        String token = links.token(published.websiteId(), expires);
        return new PublishDraftResult(published.websiteId().value(), published.slug(), urls.page(published.slug()),
                expires.toString(), claimUrl(published.websiteId(), token), token, published.bytesWritten(),
                published.warnings());
    }

    /** The web application's page where a signed-in person claims the draft. */
    public String claimUrl(WebsiteId website, String token) {
        return urls.app("/drafts/" + website.value() + "/claim?token=" + token);
    }

    /** Whether the claim token is good for the website now: signed for it and not expired (not: unused). */
    public boolean claimable(String websiteId, String token) {
        return WebsiteId.isWellFormed(websiteId) && links.verifies(new WebsiteId(websiteId), token, clock.instant());
    }

    private static void refuseRestricted(PublishDraftRequest request) {
        if (request.password() != null) {
            throw restricted("A draft cannot have a password: claim it first, then set one.");
        }
        if (request.domains() != null) {
            throw restricted("A draft cannot have custom domains: claim it first, then add them.");
        }
        if (request.slug() != null) {
            throw restricted("A draft's slug is chosen by the service: claim it to keep the website.");
        }
        if (request.files() != null) {
            for (PublishFile file : request.files()) {
                if (file != null) {
                    refuseSiteRules(file.path());
                }
            }
        }
    }

    /**
     * No site rules on a draft: nobody answers for it yet, so its own headers (framing, caching, types) and its
     * redirects (an anonymous open redirect on our site host) wait until it is claimed.
     */
    private static void refuseSiteRules(String path) {
        String rules = siteRules(path);
        if (rules != null) {
            throw restricted("A draft may not carry a " + rules + " file: site rules apply only once it is claimed.");
        }
    }

    /** "_headers" or "_redirects" when the path names one at the bundle's root, else null. */
    private static String siteRules(String path) {
        if (path == null) {
            return null;
        }
        String trimmed = path.strip();
        while (trimmed.startsWith("/") || trimmed.startsWith("./")) {
            trimmed = trimmed.substring(trimmed.startsWith("/") ? 1 : 2);
        }
        return trimmed.equalsIgnoreCase("_headers") ? "_headers"
                : trimmed.equalsIgnoreCase("_redirects") ? "_redirects" : null;
    }

    private static DraftRefusedException restricted(String message) {
        return new DraftRefusedException(ErrorCode.DRAFT_RESTRICTED, message);
    }

    private String slug() {
        StringBuilder slug = new StringBuilder("draft-");
        for (int i = 0; i < 10; i++) {
            slug.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return slug.toString();
    }
}
