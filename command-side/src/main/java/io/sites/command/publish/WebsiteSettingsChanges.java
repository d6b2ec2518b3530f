package io.sites.command.publish;

import static io.sites.command.publish.WebsiteCommands.send;

import io.sites.api.Category;
import io.sites.api.command.ChangeWebsiteSettingsCommand;
import io.sites.api.command.ExpireWebsiteCommand;
import io.sites.api.command.WarnExpiryCommand;
import io.sites.api.event.WebsiteSettingsChanged;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import io.sites.command.limits.RequestInvalidException;
import io.sites.command.website.WebsiteNotFoundException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;

/**
 * The owner's settings call (PATCH /v1/websites/{id}, MCP update_website, the web application's Settings, the CLI's
 * {@code sites settings}) and the expiry sweep's command: the one place of the settings' rules. A field absent from
 * the patch is unchanged, a JSON null clears retainVersions, expiresAt or description; every bad field is named at
 * once (422).
 */
@Service
public class WebsiteSettingsChanges {
    /** Fewer is refused: at least the newest version stays. More is allowed up to this, a number nobody needs. */
    public static final int RETAIN_MAX = 100_000;
    /** How far ahead expiresAt may be. */
    public static final Duration EXPIRY_MAX = Duration.ofDays(365);
    private static final String RETAIN_RULE = "An integer from 1 to " + RETAIN_MAX
            + " (the newest versions kept), or null for unlimited.";

    private final CommandGateway commands;
    private final ReadModels readModels;
    private final Clock clock;

    WebsiteSettingsChanges(CommandGateway commands, ReadModels readModels, Clock clock) {
        this.commands = commands;
        this.readModels = readModels;
        this.clock = clock;
    }

    /**
     * Applies the patch (field name to JSON value: String, Number, null) for the caller, who must be the owner
     * ({@code NotOwnerException} for an editor, {@link WebsiteNotFoundException} for a stranger); returns once the
     * read model shows it.
     */
    public void change(Actor caller, String websiteId, Map<String, Object> patch) {
        if (websiteId == null || !WebsiteId.isWellFormed(websiteId)) {
            throw new WebsiteNotFoundException(websiteId);
        }
        WebsiteId id = new WebsiteId(websiteId);
        ChangeWebsiteSettingsCommand command = checked(id, caller, patch);
        send(id, () -> commands.sendAndWait(command));
        readModels.awaitWebsite(id);
    }

    /** Deletes the website if its expiresAt has come (the aggregate decides); true when this call deleted it. */
    public boolean expire(WebsiteId websiteId) {
        Boolean deleted = send(websiteId, () -> commands.sendAndWait(new ExpireWebsiteCommand(websiteId)));
        if (Boolean.TRUE.equals(deleted)) {
            // The next sweep's read must not find it due again (nor a reader see it live).
            readModels.awaitWebsite(websiteId);
        }
        return Boolean.TRUE.equals(deleted);
    }

    /** Warns the owner if its expiresAt is within a day and not warned of (the aggregate decides); true when it did. */
    public boolean warnExpiry(WebsiteId websiteId) {
        Boolean warned = send(websiteId, () -> commands.sendAndWait(new WarnExpiryCommand(websiteId)));
        if (Boolean.TRUE.equals(warned)) {
            // The next sweep's read must not find it unwarned again.
            readModels.awaitWebsite(websiteId);
        }
        return Boolean.TRUE.equals(warned);
    }

    private ChangeWebsiteSettingsCommand checked(WebsiteId id, Actor caller, Map<String, Object> patch) {
        Map<String, String> fields = new LinkedHashMap<>();
        List<String> given = new ArrayList<>();
        String name = null;
        String description = null;
        Category category = null;
        Integer retain = null;
        Instant expiresAt = null;
        for (Map.Entry<String, Object> field : patch.entrySet()) {
            Object value = field.getValue();
            switch (field.getKey()) {
                case WebsiteSettingsChanged.NAME -> {
                    if (!(value instanceof String text) || text.isBlank()) {
                        fields.put(field.getKey(), "A non-empty string of at most " + PublishChecks.NAME_MAX
                                + " characters.");
                    } else if (text.strip().codePointCount(0, text.strip().length()) > PublishChecks.NAME_MAX) {
                        fields.put(field.getKey(), "At most " + PublishChecks.NAME_MAX + " characters.");
                    } else {
                        name = text.strip();
                    }
                }
                case WebsiteSettingsChanged.DESCRIPTION -> {
                    if (value != null && !(value instanceof String)) {
                        fields.put(field.getKey(), "A string, or null to clear it.");
                    } else if (value != null && ((String) value).codePointCount(0, ((String) value).length())
                            > PublishChecks.DESCRIPTION_MAX) {
                        fields.put(field.getKey(), "At most " + PublishChecks.DESCRIPTION_MAX + " characters.");
                    } else {
                        description = value == null || ((String) value).isBlank() ? null : (String) value;
                    }
                }
                case WebsiteSettingsChanged.CATEGORY -> {
                    category = value instanceof String text ? Category.parse(text).orElse(null) : null;
                    if (category == null) {
                        fields.put(field.getKey(), "One of: " + Category.allowed() + ".");
                    }
                }
                case WebsiteSettingsChanged.RETAIN_VERSIONS -> {
                    retain = value == null ? null : wholeNumber(value);
                    if (value != null && retain == null) {
                        fields.put(field.getKey(), RETAIN_RULE);
                    } else {
                        retainProblem(retain).ifPresent(problem -> fields.put(field.getKey(), problem));
                    }
                }
                case WebsiteSettingsChanged.EXPIRES_AT -> {
                    String problem = value == null ? null : expiryProblem(value);
                    if (problem != null) {
                        fields.put(field.getKey(), problem);
                    } else {
                        expiresAt = value == null ? null : OffsetDateTime.parse((String) value).toInstant();
                    }
                }
                default -> fields.put(field.getKey(), "Unknown field. The settings are "
                        + String.join(", ", WebsiteSettingsChanged.FIELDS) + ".");
            }
            given.add(field.getKey());
        }
        if (!fields.isEmpty()) {
            throw new RequestInvalidException(fields, List.of());
        }
        return new ChangeWebsiteSettingsCommand(id, given, name, description, category, retain, expiresAt,
                caller.accountId(), caller);
    }

    /** A JSON number without a fraction that fits an int (REST binds Integer, MCP may bind BigDecimal); else null. */
    private static Integer wholeNumber(Object value) {
        if (!(value instanceof Number number)) {
            return null;
        }
        try {
            return new java.math.BigDecimal(number.toString()).intValueExact();
        } catch (ArithmeticException | NumberFormatException notWhole) {
            return null;
        }
    }

        /** Why this retainVersions is refused (createWebsite's extension field too); empty when it is fine or null. */
    static java.util.Optional<String> retainProblem(Integer retain) {
        return retain == null || retain >= 1 && retain <= RETAIN_MAX ? java.util.Optional.empty()
                : java.util.Optional.of(RETAIN_RULE);
    }

    /** Why this expiresAt is refused, or null: RFC 3339 with an offset, in the future, at most a year ahead. */
    private String expiryProblem(Object value) {
        String rule = "An RFC 3339 time with its offset (2027-01-31T12:00:00Z), in the future and at most "
                + EXPIRY_MAX.toDays() + " days ahead, or null to never expire.";
        if (!(value instanceof String text)) {
            return rule;
        }
        Instant at;
        try {
            at = OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException notRfc3339) {
            return rule;
        }
        Instant now = clock.instant();
        return at.isAfter(now) && !at.isAfter(now.plus(EXPIRY_MAX)) ? null : rule;
    }
}
