package io.sites.api.code;

/**
 * Every warning code a publish or dry run reports beside the files it accepted: what the author likely wants to fix,
 * but never a reason to refuse the bundle. docs/DECISIONS.md's warning list agrees with it
 * (CodeCatalogueDocumentsTest holds it). The wire string is the constant's name.
 */
public enum WarningCode {
    BROKEN_LINK("A reference inside the bundle names a path the site will not serve.");

    private final String meaning;

    WarningCode(String meaning) {
        this.meaning = meaning;
    }

    public String meaning() {
        return meaning;
    }
}
