package io.sites.app.archfixture.right;

import io.sites.app.archfixture.left.Left;

/** The other half of the deliberate package cycle of PackageCycleRuleTest: it needs Left, which needs it. */
public class Right {

    public Left left() {
        return new Left();
    }
}
