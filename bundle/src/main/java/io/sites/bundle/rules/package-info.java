/**
 * The authoring rules of one file and their vocabulary: paths (PathRules), content types (ContentTypes, MediaType),
 * HTML and XML (MarkupRules, with jsoup), CSS and JavaScript, the violation codes (Codes), the link check of the
 * references the rules meet (LinkCheck) and the wording of messages (Text, Findings). Only the bundle's root package
 * and its decode package use it; the rules for one language stay package-private behind AuthoringRules.
 */
package io.sites.bundle.rules;
