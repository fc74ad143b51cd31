"""microgpt trained in the browser from the learner's own functions (the "Train your microgpt" page).

config     the model's and the run's numbers
names      the names data set, as tokens
pieces     the learner's functions, or the references, wired into one model
model      microgpt's parameters and its forward pass through the pieces
check      each learner function against the reference, on the model's shapes
trainer    one name per step, Adam, checkpoints, sampling
browser    the JSON entry points the page's training worker calls
"""
